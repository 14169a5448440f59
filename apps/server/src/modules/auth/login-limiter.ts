import type { LoginLimits } from '../../config';

/**
 * Sliding-window login limits, per account (failed attempts) and per client IP (all attempts).
 * Kept in memory: each server process limits what it sees, which bounds guessing per process.
 */
export class LoginLimiter {
  private readonly failuresByAccount = new Map<string, number[]>();
  private readonly attemptsByIp = new Map<string, number[]>();

  constructor(
    private readonly limits: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before another attempt is allowed, or 0. Records the attempt for the IP. */
  check(account: string, ip: string): number {
    const t = this.now();
    const ipAttempts = this.recent(this.attemptsByIp, ip, t);
    const accountFailures = this.recent(this.failuresByAccount, account.toLowerCase(), t);
    const waits: number[] = [];
    if (ipAttempts.length >= this.limits.perIp) waits.push(this.waitFor(ipAttempts, t));
    if (accountFailures.length >= this.limits.perAccount) waits.push(this.waitFor(accountFailures, t));
    if (waits.length > 0) return Math.max(...waits);
    ipAttempts.push(t);
    return 0;
  }

  recordFailure(account: string): void {
    const key = account.toLowerCase();
    const list = this.recent(this.failuresByAccount, key, this.now());
    list.push(this.now());
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
