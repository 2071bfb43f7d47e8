import crypto from "node:crypto";
import { clientNetwork } from "../client-network";
import { normalizeEmail } from "../repos/admins";
import { type RateLimitsRepo, secondsUntil } from "../repos/rate-limits";

/** Login attempts per IP address: 10 a minute, counted before any password is hashed. */
export const LOGIN_IP_LIMIT = { limit: 10, windowMs: 60 * 1000 } as const;
/** Failed logins per account: 5 in 15 minutes, then the account refuses logins until the window ends. */
export const LOGIN_ACCOUNT_FAILURE_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 } as const;

/** `ipLimitReached`: this attempt was the address's last one in the window (the next ones are refused). */
export type LoginCheck = { allowed: true; ipLimitReached?: true } | { allowed: false; retryAfterSeconds: number };

/** Counter keys carry a hash, never a raw email or address. */
const digest = (value: string): string => crypto.createHash("sha256").update(value).digest("hex");
export const loginIpKey = (ip: string): string => `login:ip:${digest(clientNetwork(ip))}`;
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

  return {
    /**
     * Call first, before looking up the account or hashing anything. Counts the attempt against the IP
     * and refuses when the IP is over its limit or the account has too many recent failures.
     */
    async checkLoginAllowed(ip: string, email: string): Promise<LoginCheck> {
      const now = clock();
      const byIp = await repo.hit(loginIpKey(ip), LOGIN_IP_LIMIT.limit, LOGIN_IP_LIMIT.windowMs, now);
      const retryAfterSeconds = Math.max(byIp.retryAfterSeconds, await accountLockedFor(email, now));
      if (retryAfterSeconds > 0) return { allowed: false, retryAfterSeconds };
      return byIp.remaining === 0 ? { allowed: true, ipLimitReached: true } : { allowed: true };
    },

    /** Seconds until the account accepts logins again; 0 when it is not locked. Counts nothing. */
    accountLockedFor: (email: string): Promise<number> => accountLockedFor(email, clock()),

    /** A wrong password (or an unknown email) counts against that account; `accountLocked` when this one locked it. */
    async recordLoginFailure(email: string): Promise<{ accountLocked: boolean }> {
      const { limit, windowMs } = LOGIN_ACCOUNT_FAILURE_LIMIT;
      const result = await repo.hit(loginAccountKey(email), limit, windowMs, clock());
      return { accountLocked: result.allowed && result.remaining === 0 };
    },

    /** A successful login forgets the account's failures. */
    async recordLoginSuccess(email: string): Promise<void> {
      await repo.reset(loginAccountKey(email));
    },
  };
}
