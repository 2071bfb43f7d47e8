import { type DatabaseHandle, migrationsAreCurrent } from "#server/db/database.ts";
import type { Logger } from "#server/logger.ts";
import type { FileStorage } from "#server/storage/storage.ts";

export interface Readiness {
  /** False once shutdown has begun, so load balancers stop sending traffic. */
  accepting: boolean;
}

export interface ReadinessResult {
  ready: boolean;
  checks: { accepting: boolean; database: boolean; migrations: boolean; storage: boolean };
}

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms).unref())]);

export async function checkReadiness(state: Readiness, database: DatabaseHandle, storage: FileStorage): Promise<ReadinessResult> {
  const ok = (p: Promise<unknown>) =>
    withTimeout(p, 2000).then(
      () => true,
      () => false,
    );
  const databaseUp = await ok(database.ping());
  const migrations = databaseUp && (await withTimeout(migrationsAreCurrent(database.db), 2000).catch(() => false));
  const checks = {
    accepting: state.accepting,
    database: databaseUp,
    migrations,
    storage: await ok(storage.checkWritable()),
  };
  return { ready: Object.values(checks).every(Boolean), checks };
}

/**
 * How long a readiness check's result stands unless READINESS_CHECK_SECONDS says otherwise: a load balancer asking every
 * second costs one check per this.
 */
export const READINESS_CHECK_SECONDS = 5;

/**
 * /readyz's verdict: whether this instance should get traffic. Shutting down answers at once; the checks behind the
 * rest (the database, its migrations, a write to storage) run at most once per `checkEveryMs` however often it is
 * asked, callers meanwhile sharing the last result. Only the verdict goes to the outside; which check failed is
 * logged when the verdict turns.
 */
export function readinessProbe(
  state: Readiness,
  check: () => Promise<ReadinessResult>,
  logger: Logger,
  { checkEveryMs = READINESS_CHECK_SECONDS * 1000, now = Date.now }: { checkEveryMs?: number; now?: () => number } = {},
) {
  let last: { at: number; result: Promise<ReadinessResult> } | undefined;
  let wasReady = true;
  return async (): Promise<boolean> => {
    if (!state.accepting) return false;
    if (!last || now() - last.at >= checkEveryMs) last = { at: now(), result: check() };
    const { ready, checks } = await last.result;
    if (ready !== wasReady) {
      wasReady = ready;
      if (ready) logger.info("ready again: every readiness check passes");
      else logger.warn({ checks }, "not ready: a readiness check fails");
    }
    return ready;
  };
}
