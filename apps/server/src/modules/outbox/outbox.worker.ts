import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { Coalescer } from './coalesce';
import type { OutboxItem } from './outbox.repository';
import * as repo from './outbox.repository';

/** What a channel reports for one attempt. */
export type DeliveryOutcome =
  | { kind: 'sent'; detail: string }
  /** Could not send and will never be able to as configured (e.g. no SMTP server): kept, not retried. */
  | { kind: 'unsent'; detail: string }
  /** Failed; `retryable: false` for answers that retrying cannot fix (a 4xx, say). */
  | { kind: 'failed'; detail: string; retryable: boolean };

export interface OutboxChannel<P = unknown> {
  readonly name: string;
  /**
   * Sends one item. Called at least once per item: a crash after the far side accepted and before
   * the outcome is stored sends it again, so channels pass `idempotencyKey(item)` where the far side
   * can use it.
   */
  deliver(item: OutboxItem<P>): Promise<DeliveryOutcome>;
  /**
   * Optional: handles many due items at once (e.g. in one transaction), answering one outcome per item in
   * the same order. A channel that has it runs in the worker's batch lane (claimed by the hundred, apart
   * from the items that go to third parties). When it throws, the worker falls back to `deliver` one by
   * one, so one bad item fails alone.
   */
  deliverBatch?(items: OutboxItem<P>[]): Promise<DeliveryOutcome[]>;
  /** Runs after the outcome is stored (e.g. to write a channel-specific log). */
  afterAttempt?(item: OutboxItem<P>, outcome: DeliveryOutcome, final: boolean): Promise<void>;
}

export function idempotencyKey(item: OutboxItem): string {
  return `pitboss-${item.cid}-${item.id}`;
}

export interface OutboxWorkerOptions {
  pollMs?: number;
  /** How many items of the delivery lane are in flight at once (and at most claimed by one pass). */
  batchSize?: number;
  /** How many items of the batch lane (channels with `deliverBatch`) one pass claims (500; embedded 100). */
  fanOutBatchSize?: number;
  leaseSeconds?: number;
  /** Delay before retry n (1-based); default exponential from 1 s, capped at 10 min, with jitter. */
  backoff?: (attempt: number) => number;
}

export function defaultBackoff(attempt: number): number {
  const base = Math.min(600_000, 1000 * 2 ** (attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

type Wakeup = 'wake' | 'timeout' | 'done' | 'stop';

/** One lane's sleep: ended by `wake()`, a finished item (the delivery lane), the poll timer or `stop()`. */
class Lane {
  private woken = false;
  private waiter: ((why: Wakeup) => void) | undefined;

  nudge(why: Wakeup): void {
    if (why === 'wake' || why === 'stop') this.woken = true;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.(why);
  }

  sleep(ms: number | undefined): Promise<Wakeup> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve('wake');
    }
    return new Promise<Wakeup>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(() => finish('timeout'), ms);
      timer?.unref();
      const finish = (why: Wakeup) => {
        if (timer) clearTimeout(timer);
        if (this.waiter === finish) this.waiter = undefined;
        if (why === 'wake' || why === 'stop') this.woken = false;
        resolve(why);
      };
      this.waiter = finish;
    });
  }
}

/**
 * Sends what the outbox holds through the registered channels. One worker per process; several
 * processes share the queue safely (claims use SKIP LOCKED and leases). Two lanes run side by side: the
 * batch lane (channels with `deliverBatch`: the fan-out of alerts into notifications) claims hundreds of
 * items a pass; the delivery lane (every other channel: mails, block-API calls, Telegram, SMS…) keeps up
 * to `batchSize` items in flight and claims more as they finish, so a slow target holds one slot, not a
 * pass, and neither lane's backlog waits behind the other's.
 */
export class OutboxWorker {
  private readonly channels = new Map<string, OutboxChannel>();
  private stopped = true;
  private pumps: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly batchLane = new Lane();
  private readonly deliveryLane = new Lane();
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly fanOutBatchSize: number;
  private readonly leaseSeconds: number;
  private readonly backoff: (attempt: number) => number;
  /** Sent outcomes of the delivery lane, stored together (one statement and commit for many). */
  private readonly sent = new Coalescer<{ item: OutboxItem; detail: string }>((list) =>
    repo.markManySent(
      this.db,
      list.map((x) => x.item),
      list.map((x) => x.detail),
    ),
  );

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    options: OutboxWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.batchSize = options.batchSize ?? 32;
    // The embedded database has one connection: a smaller batch keeps ingest from waiting long behind it.
    this.fanOutBatchSize = options.fanOutBatchSize ?? (db.kind === 'pglite' ? 100 : 500);
    this.leaseSeconds = options.leaseSeconds ?? 120;
    this.backoff = options.backoff ?? defaultBackoff;
  }

  register(channel: OutboxChannel<never>): void {
    if (this.channels.has(channel.name)) throw new Error(`Outbox channel ${channel.name} is already registered`);
    this.channels.set(channel.name, channel as OutboxChannel);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.pumps = Promise.all([this.batchPump(), this.deliveryPump()]).then(() => {});
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.batchLane.nudge('stop');
    this.deliveryLane.nudge('stop');
    await this.pumps;
    await Promise.all(this.inFlight);
  }

  /** Ask for a pass now (after an enqueue) instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    this.batchLane.nudge('wake');
    this.deliveryLane.nudge('wake');
  }

  /**
   * One pass of each lane: release expired leases, claim due items, send them and wait for them. Answers
   * how many were handled (tests call it until 0; the running worker uses the lanes' loops instead).
   */
  async runOnce(): Promise<number> {
    await repo.releaseExpiredLeases(this.db);
    const [batched, delivered] = await Promise.all([
      this.batchPass(),
      (async () => {
        const items = await this.claim(this.batchSize);
        await Promise.all(items.map((item) => this.handle(item)));
        return items.length;
      })(),
    ]);
    return batched + delivered;
  }

  private batchChannels(): string[] {
    return [...this.channels.values()].filter((c) => c.deliverBatch).map((c) => c.name);
  }

  /** Claims for the delivery lane: every channel but the batch lane's. */
  private claim(limit: number): Promise<OutboxItem[]> {
    return repo.claimDue(this.db, limit, this.leaseSeconds, { except: this.batchChannels() });
  }

  private async batchPass(): Promise<number> {
    const only = this.batchChannels();
    if (only.length === 0) return 0;
    const items = await repo.claimDue(this.db, this.fanOutBatchSize, this.leaseSeconds, { only });
    const byChannel = new Map<string, OutboxItem[]>();
    for (const item of items) byChannel.set(item.channel, [...(byChannel.get(item.channel) ?? []), item]);
    for (const [name, group] of byChannel) await this.handleBatch(this.channels.get(name) as OutboxChannel, group);
    // What the fan-out queued is the delivery lane's.
    if (items.length > 0) this.deliveryLane.nudge('wake');
    return items.length;
  }

  private async batchPump(): Promise<void> {
    while (!this.stopped) {
      let full = false;
      try {
        await repo.releaseExpiredLeases(this.db);
        full = (await this.batchPass()) >= this.fanOutBatchSize;
      } catch (error) {
        this.log.error({ err: error }, 'outbox pass failed');
      }
      if (!full && !this.stopped) await this.batchLane.sleep(this.pollMs);
    }
  }

  private async deliveryPump(): Promise<void> {
    // `empty`: the last claim found fewer items than it asked for; claim again on a wake or at `pollAt`
    // only (items finishing meanwhile do not put the poll off).
    let empty = false;
    let pollAt = 0;
    while (!this.stopped) {
      const free = this.batchSize - this.inFlight.size;
      const worthClaiming = this.inFlight.size === 0 ? 1 : Math.ceil(this.batchSize / 4);
      if (!empty && free >= worthClaiming) {
        try {
          const items = await this.claim(free);
          for (const item of items) this.track(this.handle(item));
          empty = items.length < free;
          if (!empty) continue;
        } catch (error) {
          this.log.error({ err: error }, 'outbox pass failed');
          empty = true;
        }
        pollAt = Date.now() + this.pollMs;
      }
      const why = await this.deliveryLane.sleep(empty ? Math.max(0, pollAt - Date.now()) : undefined);
      if (why !== 'done') empty = false;
    }
  }

  private track(work: Promise<void>): void {
    const done = work.finally(() => {
      this.inFlight.delete(done);
      this.deliveryLane.nudge('done');
    });
    this.inFlight.add(done);
  }

  private async handleBatch(channel: OutboxChannel, items: OutboxItem[]): Promise<void> {
    let outcomes: DeliveryOutcome[];
    try {
      outcomes = await (channel.deliverBatch as NonNullable<OutboxChannel['deliverBatch']>)(items);
      if (outcomes.length !== items.length) throw new Error(`${outcomes.length} outcomes for ${items.length} items`);
    } catch (error) {
      this.log.warn({ err: error, channel: channel.name }, 'outbox batch failed; delivering its items one by one');
      for (const item of items) await this.handle(item);
      return;
    }
    const sent = items.flatMap((item, i) => (outcomes[i]?.kind === 'sent' ? [item] : []));
    await repo.markManySent(
      this.db,
      sent,
      outcomes.flatMap((o) => (o.kind === 'sent' ? [o.detail] : [])),
    );
    for (const [i, item] of items.entries()) {
      const outcome = outcomes[i] as DeliveryOutcome;
      if (outcome.kind === 'sent') await this.after(channel, item, outcome, true);
      else await this.store(channel, item, outcome);
    }
  }

  private async handle(item: OutboxItem): Promise<void> {
    const channel = this.channels.get(item.channel);
    let outcome: DeliveryOutcome;
    if (!channel) {
      outcome = { kind: 'failed', detail: `No channel "${item.channel}" is registered`, retryable: true };
    } else {
      try {
        outcome = await channel.deliver(item);
      } catch (error) {
        outcome = { kind: 'failed', detail: error instanceof Error ? error.message : String(error), retryable: true };
      }
    }
    try {
      await this.store(channel, item, outcome);
    } catch (error) {
      // The lease runs out and the item is sent again (at least once).
      this.log.error({ err: error, channel: item.channel }, 'outbox could not store an outcome');
    }
  }

  private async store(channel: OutboxChannel | undefined, item: OutboxItem, outcome: DeliveryOutcome): Promise<void> {
    let final = true;
    if (outcome.kind === 'sent') await this.sent.add({ item, detail: outcome.detail });
    else if (outcome.kind === 'unsent') await repo.markUnsent(this.db, item, outcome.detail);
    else {
      const retryAt = outcome.retryable ? new Date(Date.now() + this.backoff(item.attempts)) : null;
      final = (await repo.markFailed(this.db, item, outcome.detail, retryAt)) === 'failed';
    }
    await this.after(channel, item, outcome, final);
  }

  private async after(
    channel: OutboxChannel | undefined,
    item: OutboxItem,
    outcome: DeliveryOutcome,
    final: boolean,
  ): Promise<void> {
    if (!channel?.afterAttempt) return;
    try {
      await channel.afterAttempt(item, outcome, final);
    } catch (error) {
      this.log.error({ err: error, channel: item.channel }, 'outbox afterAttempt failed');
    }
  }
}
