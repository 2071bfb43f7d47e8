import type { DatabaseHandle } from "../db/database";
import { migrationsAreCurrent } from "../db/database";
import type { FileStorage } from "../storage/storage";

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
