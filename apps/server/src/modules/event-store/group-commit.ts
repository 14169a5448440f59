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
 *
 * The queue runs nothing itself: the event store takes the groups (`groups`), prepares each, waits for
 * its `turn`, runs its transaction, and tells the group the moments of it (`Signals`, then `done`).
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
   * The database has enough queued to keep it working for a while: the next group is taken, and its
   * transaction may start at once when `overlap` (else once this one is committing). Without `overlap` when
   * this transaction writes, under the lock, rows the next could write before it (the same bet sent
   * again): each would wait for the other.
   */
  busy(overlap: boolean): void;
  /** COMMIT is being sent: a group taken from then on may start its transaction. */
  committing(): void;
}

/** Signals nobody waits for (a call stored again alone, after its group failed). */
export const NO_SIGNALS: Signals = { busy: () => {}, committing: () => {} };

/** A group of calls taken together for one transaction, and the moments of that transaction. */
export class Group<T, R> implements Signals {
  private readonly busyAt = deferred<boolean>();
  private readonly committingAt = deferred<void>();
  private readonly doneAt = deferred<void>();

  constructor(
    readonly calls: readonly Waiting<T, R>[],
    /** Resolves when the group's transaction may start. */
    readonly turn: Promise<void>,
  ) {}

  // Arrow functions: the moments may be handed on alone.
  readonly busy = (overlap: boolean): void => {
    this.busyAt.resolve(overlap);
  };

  readonly committing = (): void => {
    this.committingAt.resolve();
  };

  /** The group is over (committed, or failed with every call settled), or was never started. */
  readonly done = (): void => {
    this.busyAt.resolve(true);
    this.committingAt.resolve();
    this.doneAt.resolve();
  };

  /** For the queue: whether the next group may overlap, once this one is busy. */
  get whenBusy(): Promise<boolean> {
    return this.busyAt.promise;
  }

  get whenCommitting(): Promise<void> {
    return this.committingAt.promise;
  }

  get whenDone(): Promise<void> {
    return this.doneAt.promise;
  }
}

const NOW = Promise.resolve();

/**
 * Per key (the company), the calls waiting, handed out in groups to the key's one writer. A group is the
 * calls waiting when it is taken (at least one, then more while the total size stays within `maxSize`).
 */
export class GroupQueue<T, R> {
  private readonly waiting = new Map<number, Waiting<T, R>[]>();

  constructor(private readonly maxSize: number) {}

  /**
   * Queues `item` for `key`'s next group; `reply` settles when the group's transaction has settled it.
   * `idle`: nothing of `key` was waiting or in flight, so the caller starts its writer (`groups`).
   */
  add(key: number, item: T, size: number): { reply: Promise<R>; idle: boolean } {
    let idle = false;
    const reply = new Promise<R>((resolve, reject) => {
      const entry = { item, size, resolve, reject };
      const queue = this.waiting.get(key);
      if (queue) queue.push(entry);
      else {
        this.waiting.set(key, [entry]);
        idle = true;
      }
    });
    return { reply, idle };
  }

  /** Calls waiting (not yet taken into a group) for `key`. */
  pending(key: number): number {
    return this.waiting.get(key)?.length ?? 0;
  }

  /**
   * `key`'s groups, one after another, each taken when it may be prepared: at once when nothing runs,
   * else once the running transaction is `busy`. Its transaction may start at its `turn`: at once, or
   * (when the running one may not overlap) once that one is `committing`. The writer must call `done` on
   * every group it is handed. Ends when nothing is waiting and every transaction handed out is done.
   */
  async *groups(key: number): AsyncGenerator<Group<T, R>> {
    const queue = this.waiting.get(key) as Waiting<T, R>[];
    const open = new Set<Promise<void>>();
    const handOut = (turn: Promise<void>) => {
      const group = new Group(this.take(queue), turn);
      const done = group.whenDone.then(() => {
        open.delete(done);
      });
      open.add(done);
      return group;
    };
    let running: Group<T, R> | undefined;
    for (;;) {
      if (running) {
        const overlap = await running.whenBusy;
        if (queue.length > 0) {
          // Taken and prepared while the running transaction works; it starts waiting for the company's
          // lock (its first statements, the bets, running meanwhile) at once or once that one commits.
          running = handOut(overlap ? NOW : running.whenCommitting);
          yield running;
          continue;
        }
        await running.whenCommitting;
        running = undefined;
      }
      // Nothing prepared: the start, or a quiet moment.
      if (queue.length === 0) {
        if (open.size === 0) break;
        await Promise.race(open);
        continue;
      }
      running = handOut(NOW);
      yield running;
    }
    // Dropped in the same turn as the last check, so `add` either sees this queue or reports it idle.
    this.waiting.delete(key);
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
