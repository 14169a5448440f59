import type { LoginLimits } from '../../config';
import { RateLimiter } from '../../lib/rate-limiter';

/**
 * The login rules, on the one rate limiter: failed attempts are limited per account and per client IP
 * (whatever the account: spraying one password over many accounts). Successful logins do not count,
 * and one clears its account's failures, so an office behind one address can log its whole team in.
 */
export class LoginAttempts {
  private readonly failuresByAccount: RateLimiter;
  private readonly failuresByIp: RateLimiter;

  constructor(limits: LoginLimits, now: () => number = Date.now) {
    this.failuresByAccount = new RateLimiter(limits.perAccount, limits.windowMs, now);
    this.failuresByIp = new RateLimiter(limits.perIp, limits.windowMs, now);
  }

  /** Seconds to wait before another attempt is allowed, or 0. */
  check(account: string, ip: string): number {
    return Math.max(this.failuresByIp.wait(ip), this.failuresByAccount.wait(account.toLowerCase()));
  }

  recordFailure(account: string, ip: string): void {
    this.failuresByAccount.hit(account.toLowerCase());
    this.failuresByIp.hit(ip);
  }

  recordSuccess(account: string): void {
    this.failuresByAccount.reset(account.toLowerCase());
  }
}
