/**
 * The one rate limiter: sliding windows in memory, one per key (`ip:203.0.113.7`, `mail:a@b.c`), each
 * allowing `limit` hits per `windowMs`. Each server process limits what it sees, which bounds guessing
 * and mail flooding per process. Login, registration and password reset express their rules with it.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a hit for each key and answers 0, or the seconds to wait when any key is over its limit (nothing recorded then). */
  take(...keys: string[]): number {
    const t = this.now();
    const lists = keys.map((key) => this.recent(key, t));
    const wait = this.longestWait(lists, t);
    if (wait > 0) return wait;
    for (const list of lists) list.push(t);
    return 0;
  }

  /** The seconds to wait before any of `keys` may be hit again, or 0; records nothing. */
  wait(...keys: string[]): number {
    const t = this.now();
    return this.longestWait(
      keys.map((key) => this.recent(key, t)),
      t,
    );
  }

  /** Records a hit for each key whatever its count (what is limited happened: a failed login, say). */
  hit(...keys: string[]): void {
    const t = this.now();
    for (const key of keys) this.recent(key, t).push(t);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private longestWait(lists: number[][], t: number): number {
    return Math.max(0, ...lists.map((list) => (list.length >= this.limit ? this.waitFor(list, t) : 0)));
  }

  private recent(key: string, t: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((at) => t - at < this.windowMs);
    this.hits.set(key, list);
    if (this.hits.size > 100_000) {
      for (const [k, l] of this.hits) if (l.every((at) => t - at >= this.windowMs)) this.hits.delete(k);
    }
    return list;
  }

  private waitFor(list: number[], t: number): number {
    return Math.max(1, Math.ceil(((list[0] ?? t) + this.windowMs - t) / 1000));
  }
}
