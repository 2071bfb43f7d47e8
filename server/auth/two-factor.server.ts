import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { Secret, TOTP } from "otpauth";
import { qrCodeSvg } from "#server/qr-code.ts";
import { forgetDeletedRows } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import { createRepos, inTransaction } from "#server/repos/index.ts";
import { secondsUntil } from "#server/repos/rate-limits.ts";
import { REAUTHENTICATION_WINDOW_MS } from "./sessions.server";
import type { SecretsKey } from "#server/secrets-key.ts";
import { openTotpSecret, sealTotpSecret } from "./totp-secret";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is taken too: a phone's clock a little off still works. */
const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes on the code screen, per account: then the waiting session ends and the admin signs in again later. */
export const SECOND_FACTOR_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 } as const;
/**
 * A setup's secret is shown again, and confirmed, only this long after it was made; then the setup starts afresh. Shown
 * again only to a session whose password is recent too (REAUTHENTICATION_WINDOW_MS), as starting it asked.
 */
export const SETUP_OPEN_FOR_MS = 10 * 60 * 1000;

/** What the setup screen shows: the QR code (an SVG drawn here) and the same secret as text, for typing in. */
export interface TotpSetup {
  secret: string;
  uri: string;
  qrSvg: string;
}

export type SecondFactorCheck =
  | { ok: true; method: "totp" | "recovery-code"; recoveryCodesLeft?: number }
  | { ok: false; reason: "wrong-code" }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

const totpFor = (secret: string, label: string, issuer: string) =>
  new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/**
 * 25 characters of an unambiguous alphabet in groups of 5 (124 bits): past the 112 bits at which ASVS 6.5.2 lets a
 * fast hash stand in for a salted password hash, so a leaked table of SHA-256s gives no code.
 */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_CODE_LENGTH = 25;
export function newRecoveryCode(): string {
  const chars = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]);
  return [0, 5, 10, 15, 20].map((i) => chars.slice(i, i + 5).join("")).join("-");
}
/** A code as typed: any case, with or without its dashes and spaces. */
const normalizeRecoveryCode = (code: string): string => code.toLowerCase().replace(/[^a-z0-9]/g, "");
export const hashRecoveryCode = (code: string): string => crypto.createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
const secondFactorKey = (adminId: string) => `login:code:${adminId}`;

export interface TwoFactorDeps {
  db: Kysely<Database>;
  /** The society's short name: what the authenticator app lists the account under. */
  siteName(): Promise<string>;
  /** The authenticator secrets are stored encrypted with it (server/auth/totp-secret.ts). */
  secrets: SecretsKey;
  now?: () => Date;
}

/**
 * Two-factor sign-in with an authenticator app (TOTP) and recovery codes: setting it up (a secret confirmed by a first
 * code), turning it off, new recovery codes, and checking the code of a sign-in. Each code is taken once.
 */
export function twoFactorService({ db, siteName, secrets, now: clock = () => new Date() }: TwoFactorDeps) {
  const repos = createRepos(db);

  async function setupOf(secret: string, email: string): Promise<TotpSetup> {
    const uri = totpFor(secret, email, await siteName()).toString();
    const qrSvg = await qrCodeSvg(uri);
    return { secret, uri, qrSvg };
  }

  /** The step the code belongs to (window ±1 around now), or undefined when it is not the secret's code. */
  function stepOf(secret: string, code: string): number | undefined {
    if (!/^\d{6}$/.test(code)) return undefined;
    const timestamp = clock().getTime();
    const delta = totpFor(secret, "", "").validate({ token: code, timestamp, window: TOTP_WINDOW });
    return delta === null ? undefined : TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
  }

  /** Whether a setup started at `startedAt` may still be shown and confirmed. */
  const setupOpen = (startedAt: string | null): boolean =>
    startedAt !== null && clock().getTime() - Date.parse(startedAt) < SETUP_OPEN_FOR_MS;

  async function lockedFor(adminId: string): Promise<number> {
    const now = clock();
    const window = await repos.rateLimits.peek(secondFactorKey(adminId), now);
    return window && window.count >= SECOND_FACTOR_LIMIT.limit ? secondsUntil(window.resetAt, now) : 0;
  }

  async function newRecoveryCodes(adminId: string, trx = repos): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await trx.recoveryCodes.replace(adminId, codes.map(hashRecoveryCode), clock().toISOString());
    return codes;
  }

  return {
    /** Whether the admin signs in with two factors, and how many recovery codes are left. */
    async state(adminId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
      const admin = await repos.admins.findById(adminId);
      return { enabled: admin?.totpEnabledAt != null, recoveryCodesLeft: await repos.recoveryCodes.unusedCount(adminId) };
    },

    /** A new secret to scan, replacing one not yet confirmed; undefined when two factors are already on. */
    async startSetup(admin: { id: string; email: string }): Promise<TotpSetup | undefined> {
      const secret = new Secret({ size: 20 }).base32;
      if (!(await repos.admins.setPendingTotpSecret(admin.id, sealTotpSecret(secrets, admin.id, secret), clock().toISOString())))
        return undefined;
      // A pending secret it replaced leaves no copy in the write-ahead log.
      await forgetDeletedRows(db);
      return setupOf(secret, admin.email);
    },

    /**
     * The setup being confirmed, to show it again: only within SETUP_OPEN_FOR_MS of its start, and only to a session
     * whose password (`authenticatedAt`) is recent. Otherwise undefined, and the setup starts afresh.
     */
    async pendingSetup(admin: { id: string; email: string }, session: { authenticatedAt: string }): Promise<TotpSetup | undefined> {
      const record = await repos.admins.findById(admin.id);
      if (!record?.totpSecret || record.totpEnabledAt || !setupOpen(record.totpSetupStartedAt)) return undefined;
      if (clock().getTime() - Date.parse(session.authenticatedAt) >= REAUTHENTICATION_WINDOW_MS) return undefined;
      return setupOf(openTotpSecret(secrets, record.id, record.totpSecret), admin.email);
    },

    /**
     * Turns two factors on with the app's first code, within SETUP_OPEN_FOR_MS of the setup's start; answers the recovery
     * codes, shown once.
     */
    async confirmSetup(
      adminId: string,
      code: string,
    ): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; reason: "wrong-code" | "setup-expired" }> {
      const admin = await repos.admins.findById(adminId);
      if (!admin?.totpSecret || admin.totpEnabledAt) return { ok: false, reason: "wrong-code" };
      if (!setupOpen(admin.totpSetupStartedAt)) return { ok: false, reason: "setup-expired" };
      const step = stepOf(openTotpSecret(secrets, admin.id, admin.totpSecret), code.trim());
      if (step === undefined) return { ok: false, reason: "wrong-code" };
      return inTransaction(db, async (trx) => {
        if (!(await trx.admins.enableTotp(adminId, clock().toISOString(), step)))
          return { ok: false as const, reason: "wrong-code" as const };
        const recoveryCodes = await newRecoveryCodes(adminId, trx);
        await trx.auditLog.record(adminId, "two-factor.enable", `admin=${adminId}`);
        return { ok: true as const, recoveryCodes };
      });
    },

    /** Turns two factors off: the secret and the recovery codes go. The caller has checked the password. */
    async disable(adminId: string, actorId: string): Promise<void> {
      await inTransaction(db, async (trx) => {
        await trx.admins.disableTotp(adminId);
        await trx.recoveryCodes.replace(adminId, [], clock().toISOString());
        await trx.auditLog.record(actorId, "two-factor.disable", `admin=${adminId}`);
      });
      await forgetDeletedRows(db);
    },

    /** Ten new recovery codes; the old ones stop working. */
    async regenerateRecoveryCodes(adminId: string): Promise<string[]> {
      return inTransaction(db, async (trx) => {
        const codes = await newRecoveryCodes(adminId, trx);
        await trx.auditLog.record(adminId, "two-factor.recovery-codes", `admin=${adminId}`);
        return codes;
      });
    },

    /**
     * The code of a sign-in's second step: the app's current code (each taken once) or an unused recovery code. Each
     * attempt counts against the account's limit before it is checked.
     */
    async verify(adminId: string, typed: string): Promise<SecondFactorCheck> {
      const now = clock();
      const { limit, windowMs } = SECOND_FACTOR_LIMIT;
      const hit = await repos.rateLimits.hit(secondFactorKey(adminId), limit, windowMs, now);
      if (!hit.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: hit.retryAfterSeconds };
      const admin = await repos.admins.findById(adminId);
      if (!admin?.totpSecret || !admin.totpEnabledAt) return { ok: false, reason: "wrong-code" };
      const code = typed.replace(/\s+/g, "");
      const step = stepOf(openTotpSecret(secrets, admin.id, admin.totpSecret), code);
      if (step !== undefined) {
        if (!(await repos.admins.acceptTotpStep(adminId, step))) return { ok: false, reason: "wrong-code" };
        await repos.rateLimits.reset(secondFactorKey(adminId));
        return { ok: true, method: "totp" };
      }
      if (
        normalizeRecoveryCode(code).length === RECOVERY_CODE_LENGTH &&
        (await repos.recoveryCodes.use(adminId, hashRecoveryCode(code), now.toISOString()))
      ) {
        await repos.rateLimits.reset(secondFactorKey(adminId));
        await repos.auditLog.record(adminId, "two-factor.recovery-code-used", `admin=${adminId}`);
        return { ok: true, method: "recovery-code", recoveryCodesLeft: await repos.recoveryCodes.unusedCount(adminId) };
      }
      // The account's last wrong code of the window: the sign-in ends now rather than at the next try.
      if (hit.remaining === 0) return { ok: false, reason: "rate-limited", retryAfterSeconds: await lockedFor(adminId) };
      return { ok: false, reason: "wrong-code" };
    },

    /** Seconds until the account's code screen takes codes again; 0 when it does. */
    lockedFor,
  };
}

export type TwoFactorService = ReturnType<typeof twoFactorService>;
