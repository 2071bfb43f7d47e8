import crypto from "node:crypto";
import { networkLimitKey } from "#server/client-network.ts";
import { normalizeEmail } from "#server/repos/admins.ts";
import { type RateLimitsRepo, secondsUntil } from "#server/repos/rate-limits.ts";

/** Login attempts per address (an IPv6 client by its /64): 10 a minute, counted before any password is hashed. */
export const LOGIN_IP_LIMIT = { limit: 10, windowMs: 60 * 1000 } as const;
/**
 * Password checks per account: 5 in 15 minutes, each counted before its hash runs; a right password starts the count
 * again. So 5 failures lock the account until the window ends, and no burst runs more than 5 hashes for it.
 */
export const LOGIN_ACCOUNT_FAILURE_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 } as const;

/**
 * `ipLimitReached`: this attempt was the address's last one in the window (the next ones are refused).
 * `accountLimitReached`: it was the account's last one: if its password is wrong, the account is now locked.
 */
export type LoginCheck =
  { allowed: true; ipLimitReached?: true; accountLimitReached?: true } | { allowed: false; retryAfterSeconds: number };

/** Counter keys carry a hash, never a raw email or address. */
const digest = (value: string): string => crypto.createHash("sha256").update(value).digest("hex");
export const loginIpKey = (ip: string): string => networkLimitKey("login", ip);
export const loginAccountKey = (email: string): string => `login:account:${digest(normalizeEmail(email))}`;

export interface LoginRateLimiterOptions {
  now?: () => Date;
}

export function loginRateLimiter(repo: RateLimitsRepo, options: LoginRateLimiterOptions = {}) {
  const clock = options.now ?? (() => new Date());

  async function accountLockedFor(email: string, now: Date): Promise<number> {
    const failures = await repo.peek(loginAccountKey(email), now);
    return failures && failures.count >= LOGIN_ACCOUNT_FAILURE_LIMIT.limit ? secondsUntil(failures.resetAt, now) : 0;
  }

  /** Counts one password check against the account, in one atomic statement; refused beyond the limit. */
  async function countAccountCheck(email: string, now: Date): Promise<LoginCheck> {
    const { limit, windowMs } = LOGIN_ACCOUNT_FAILURE_LIMIT;
    const byAccount = await repo.hit(loginAccountKey(email), limit, windowMs, now);
    if (!byAccount.allowed) return { allowed: false, retryAfterSeconds: byAccount.retryAfterSeconds };
    return byAccount.remaining === 0 ? { allowed: true, accountLimitReached: true } : { allowed: true };
  }

  return {
    /**
     * Call first, before looking up the account or hashing anything. Counts the attempt against the address, then
     * against the account (each one atomic statement on the shared database, so parallel attempts on any instance
     * cannot all slip in under the limit), and refuses it when either is over its limit. An attempt the address limit
     * refuses does not count against the account.
     */
    async checkLoginAllowed(ip: string, email: string): Promise<LoginCheck> {
      const now = clock();
      const byIp = await repo.hit(loginIpKey(ip), LOGIN_IP_LIMIT.limit, LOGIN_IP_LIMIT.windowMs, now);
      if (!byIp.allowed) return { allowed: false, retryAfterSeconds: Math.max(byIp.retryAfterSeconds, await accountLockedFor(email, now)) };
      const byAccount = await countAccountCheck(email, now);
      if (!byAccount.allowed) return byAccount;
      return { ...byAccount, ...(byIp.remaining === 0 ? { ipLimitReached: true } : {}) };
    },

    /** The same count against the account alone, for a signed-in admin's password check (the password change). */
    checkAccountAllowed: (email: string): Promise<LoginCheck> => countAccountCheck(email, clock()),

    /** Seconds until the account accepts logins again; 0 when it is not locked. Counts nothing. */
    accountLockedFor: (email: string): Promise<number> => accountLockedFor(email, clock()),

    /** A right password forgets the account's counted checks. */
    async recordLoginSuccess(email: string): Promise<void> {
      await repo.reset(loginAccountKey(email));
    },
  };
}
