/**
 * Group commit: the calls of one company that arrive while its transaction runs wait here, and the
 * next transaction takes all of them at once (up to a cap of events), so that the per-transaction costs
 * (round trips, lock, commit flush, rollup upserts of the same keys) are paid once per group, not per call.
 */

/** A call waiting for its company's next transaction. */
export interface Waiting<T, R> {
  readonly item: T;
  readonly size: number;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/**
 * Per key (the company), a queue drained by one worker at a time: `run` is handed the calls waiting at
 * that moment (at least one, then more while the total size stays within `maxSize`) and settles each.
 */
export class GroupQueue<T, R> {
  private readonly waiting = new Map<number, Waiting<T, R>[]>();

  constructor(
    private readonly maxSize: number,
    private readonly run: (key: number, group: Waiting<T, R>[]) => Promise<void>,
  ) {}

  /** Queues `item` for `key`'s next group; settles when the group's work has settled it. */
  add(key: number, item: T, size: number): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const entry = { item, size, resolve, reject };
      const queue = this.waiting.get(key);
      if (queue) {
        queue.push(entry);
        return;
      }
      this.waiting.set(key, [entry]);
      void this.drain(key);
    });
  }

  /** Calls waiting (not yet taken into a transaction) for `key`. */
  pending(key: number): number {
    return this.waiting.get(key)?.length ?? 0;
  }

  private async drain(key: number): Promise<void> {
    for (;;) {
      const queue = this.waiting.get(key);
      if (!queue || queue.length === 0) {
        this.waiting.delete(key);
        return;
      }
      const group = this.take(queue);
      try {
        await this.run(key, group);
      } catch (error) {
        // `run` settles every call itself; this is a last resort so that no caller waits for ever.
        for (const entry of group) entry.reject(error);
      }
    }
  }

  private take(queue: Waiting<T, R>[]): Waiting<T, R>[] {
    let count = 1;
    let size = queue[0]?.size ?? 0;
    while (count < queue.length) {
      const next = (queue[count] as Waiting<T, R>).size;
      if (size + next > this.maxSize) break;
      size += next;
      count++;
    }
    return queue.splice(0, count);
  }
}
