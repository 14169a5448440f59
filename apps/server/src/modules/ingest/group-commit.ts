/**
 * Group commit: the calls of one company that arrive while its transaction runs wait here, and the
 * next transaction takes all of them at once (up to a cap of events), so that the per-transaction costs
 * (round trips, lock, commit flush, rollup upserts of the same keys) are paid once per group, not per call.
 *
 * Pipelined: while one group's transaction runs, the next group is taken and prepared (the work that
 * needs no database), so that the server and the database work at the same time instead of in turn; and
 * once prepared, the next group's transaction starts (on another connection, waiting for the company's
 * lock: the work before the lock overlaps the running transaction, and its first round trip is on its
 * way while the commit is flushed). So at most two transactions of a key are in flight: one holding the
 * lock, the next waiting for it.
 */

/** A call waiting for its company's next transaction. */
export interface Waiting<T, R> {
  readonly item: T;
  readonly size: number;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/** Moments of a group's transaction the queue acts on. */
export interface Signals {
  /**
   * The database has enough queued to keep it working for a while: the next group is prepared, and its
   * transaction starts at once when `overlap` (else once this one is committing). Without `overlap` when
   * this transaction writes, under the lock, rows the next could write before it (the same bet sent
   * again): each would wait for the other.
   */
  busy(overlap: boolean): void;
  /** COMMIT is being sent: a group taken from then on may start its transaction. */
  committing(): void;
}

export interface GroupWork<T, R, P> {
  /** CPU work for a group before its transaction (may run while the previous group's transaction does). */
  prepare(key: number, group: Waiting<T, R>[]): P | Promise<P>;
  /** The group's transaction; settles every call of the group, and calls the `signals` as it goes. */
  execute(key: number, prepared: P, group: Waiting<T, R>[], signals: Signals): Promise<void>;
}

/**
 * Per key (the company), a queue drained by one worker at a time: one transaction at a time, the next
 * group prepared during it. A group is the calls waiting when it is taken (at least one, then more while
 * the total size stays within `maxSize`).
 */
export class GroupQueue<T, R, P> {
  private readonly waiting = new Map<number, Waiting<T, R>[]>();

  constructor(
    private readonly maxSize: number,
    private readonly work: GroupWork<T, R, P>,
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
    const queue = this.waiting.get(key) as Waiting<T, R>[];
    const running = new Set<Promise<void>>();
    let next: { group: Waiting<T, R>[]; prepared: P } | undefined;
    for (;;) {
      if (!next) {
        // Nothing prepared (the start, a quiet moment, or a group whose preparation failed).
        if (queue.length === 0) {
          if (running.size === 0) break;
          await Promise.race(running);
          continue;
        }
        next = await this.prepare(key, this.take(queue));
        continue;
      }
      const { group, prepared } = next;
      const busy = deferred<boolean>();
      const committing = deferred<void>();
      const run = this.execute(key, prepared, group, { busy: busy.resolve, committing: committing.resolve }).finally(
        () => {
          busy.resolve(true);
          committing.resolve();
          running.delete(run);
        },
      );
      running.add(run);
      const overlap = await busy.promise;
      if (queue.length > 0) {
        // Its transaction starts once it is prepared: it waits for the company's lock, and its first
        // statements (the bets) run meanwhile.
        const following = this.prepare(key, this.take(queue));
        if (!overlap) await committing.promise;
        next = await following;
        continue;
      }
      await committing.promise;
      next = undefined;
    }
    // Dropped in the same turn as the last check, so `add` either sees this queue or starts a new drain.
    this.waiting.delete(key);
  }

  private async prepare(
    key: number,
    group: Waiting<T, R>[],
  ): Promise<{ group: Waiting<T, R>[]; prepared: P } | undefined> {
    try {
      return { group, prepared: await this.work.prepare(key, group) };
    } catch (error) {
      for (const entry of group) entry.reject(error);
      return undefined;
    }
  }

  private async execute(key: number, prepared: P, group: Waiting<T, R>[], signals: Signals): Promise<void> {
    try {
      await this.work.execute(key, prepared, group, signals);
    } catch (error) {
      // `execute` settles every call itself; this is a last resort so that no caller waits for ever.
      for (const entry of group) entry.reject(error);
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

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
