import type { LoginLimits } from '../../config';

/**
 * Sliding-window login limits on failed attempts, per account and per client IP (whatever the
 * account: spraying one password over many accounts). Successful logins do not count, so an office
 * behind one address can log its whole team in. Kept in memory: each server process limits what it
 * sees, which bounds guessing per process.
 */
export class LoginLimiter {
  private readonly failuresByAccount = new Map<string, number[]>();
  private readonly failuresByIp = new Map<string, number[]>();

  constructor(
    private readonly limits: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before another attempt is allowed, or 0. */
  check(account: string, ip: string): number {
    const t = this.now();
    const ipFailures = this.recent(this.failuresByIp, ip, t);
    const accountFailures = this.recent(this.failuresByAccount, account.toLowerCase(), t);
    const waits: number[] = [];
    if (ipFailures.length >= this.limits.perIp) waits.push(this.waitFor(ipFailures, t));
    if (accountFailures.length >= this.limits.perAccount) waits.push(this.waitFor(accountFailures, t));
    return waits.length > 0 ? Math.max(...waits) : 0;
  }

  recordFailure(account: string, ip: string): void {
    const t = this.now();
    this.recent(this.failuresByAccount, account.toLowerCase(), t).push(t);
    this.recent(this.failuresByIp, ip, t).push(t);
  }

  recordSuccess(account: string): void {
    this.failuresByAccount.delete(account.toLowerCase());
  }

  private recent(map: Map<string, number[]>, key: string, t: number): number[] {
    const list = (map.get(key) ?? []).filter((at) => t - at < this.limits.windowMs);
    map.set(key, list);
    if (map.size > 100_000) this.prune(map, t);
    return list;
  }

  private waitFor(list: number[], t: number): number {
    const oldest = list[0] ?? t;
    return Math.max(1, Math.ceil((oldest + this.limits.windowMs - t) / 1000));
  }

  private prune(map: Map<string, number[]>, t: number): void {
    for (const [key, list] of map) if (list.every((at) => t - at >= this.limits.windowMs)) map.delete(key);
  }
}
