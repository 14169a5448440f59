import type { LoginLimits } from '../../config';
import type { Sql } from '../../db/database';
import { clearFailures, insertFailure, nthNewestFailure } from './login-failures.repository';

/**
 * The login rules (issue 21): failed attempts are limited per account and address together
 * (`perAccount`), so someone hammering an account from one address does not lock its owner out
 * elsewhere, and per address whatever the account (`perIp`: spraying one password over many accounts).
 * Successful logins do not count, and one clears the failures of its account from its address. Kept in
 * the database (`login_failure`): every process limits alike, and `npm run admin -- unlock` clears them.
 */
export class LoginAttempts {
  constructor(
    private readonly sql: Sql,
    private readonly limits: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before another attempt is allowed, or 0. */
  async check(account: string, ip: string): Promise<number> {
    const t = this.now();
    const since = t - this.limits.windowMs;
    const [pair, address] = await Promise.all([
      nthNewestFailure(this.sql, account.toLowerCase(), ip, since, this.limits.perAccount),
      nthNewestFailure(this.sql, null, ip, since, this.limits.perIp),
    ]);
    let wait = 0;
    for (const at of [pair, address]) {
      if (at !== undefined) wait = Math.max(wait, Math.max(1, Math.ceil((at + this.limits.windowMs - t) / 1000)));
    }
    return wait;
  }

  recordFailure(account: string, ip: string): Promise<void> {
    return insertFailure(this.sql, account.toLowerCase(), ip, this.now(), this.limits.windowMs);
  }

  async recordSuccess(account: string, ip: string): Promise<void> {
    await clearFailures(this.sql, account.toLowerCase(), ip);
  }
}
