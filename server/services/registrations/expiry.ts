import type { RegistrationDeps } from "./deps";

/**
 * Housekeeping deletes an unconfirmed registration this long after its link stopped working, so an instance whose clock
 * runs a little ahead never deletes one that another instance is confirming at its link's last moment.
 */
const EXPIRY_CLOCK_MARGIN_MS = 60_000;
/** Unconfirmed registrations deleted per transaction by housekeeping. */
const EXPIRY_BATCH = 500;

/**
 * Deletes the unconfirmed registrations whose link stopped working, with their mails (see recordEraser): they held
 * no place. Housekeeping runs it. Returns how many went.
 */
export async function deleteExpiredUnconfirmed({ repos, erase, logger }: RegistrationDeps, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - EXPIRY_CLOCK_MARGIN_MS).toISOString();
  // Most rounds find none: then no erasing transaction (nor its log checkpoint) at all.
  if ((await repos.registrations.expiredUnconfirmed(before, 1)).length === 0) return 0;
  let deleted = 0;
  for (;;) {
    const erased = await erase(
      async (trx) => ({ registrations: await trx.registrations.expiredUnconfirmed(before, EXPIRY_BATCH) }),
      async () => undefined,
    );
    deleted += erased.registrations.length;
    if (erased.registrations.length < EXPIRY_BATCH) break;
  }
  if (deleted > 0) logger.info({ registrations: deleted }, "unconfirmed registrations deleted after their links expired");
  return deleted;
}
