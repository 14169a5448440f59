import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
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
  /** Runs after the outcome is stored (e.g. to write a channel-specific log). */
  afterAttempt?(item: OutboxItem<P>, outcome: DeliveryOutcome, final: boolean): Promise<void>;
}

export function idempotencyKey(item: OutboxItem): string {
  return `pitboss-${item.cid}-${item.id}`;
}

export interface OutboxWorkerOptions {
  pollMs?: number;
  batchSize?: number;
  leaseSeconds?: number;
  /** Delay before retry n (1-based); default exponential from 1 s, capped at 10 min, with jitter. */
  backoff?: (attempt: number) => number;
}

export function defaultBackoff(attempt: number): number {
  const base = Math.min(600_000, 1000 * 2 ** (attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * Sends what the outbox holds through the registered channels. One worker per process; several
 * processes share the queue safely (claims use SKIP LOCKED and leases).
 */
export class OutboxWorker {
  private readonly channels = new Map<string, OutboxChannel>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private again = false;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly leaseSeconds: number;
  private readonly backoff: (attempt: number) => number;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    options: OutboxWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.batchSize = options.batchSize ?? 20;
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
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Ask for a pass now (after an enqueue) instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** One pass: release expired leases, claim due items, send them. Answers how many were handled. */
  async runOnce(): Promise<number> {
    await repo.releaseExpiredLeases(this.db);
    const items = await repo.claimDue(this.db, this.batchSize, this.leaseSeconds);
    await Promise.all(items.map((item) => this.handle(item)));
    return items.length;
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.loop().finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const more = this.again;
        this.again = false;
        this.schedule(more ? 0 : this.pollMs);
      });
    }, delay);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    try {
      // Keep going while full batches come back, so a backlog drains without waiting for polls.
      while (!this.stopped && (await this.runOnce()) >= this.batchSize) {}
    } catch (error) {
      this.log.error({ err: error }, 'outbox pass failed');
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
    let final = true;
    if (outcome.kind === 'sent') await repo.markSent(this.db, item, outcome.detail);
    else if (outcome.kind === 'unsent') await repo.markUnsent(this.db, item, outcome.detail);
    else {
      const retryAt = outcome.retryable ? new Date(Date.now() + this.backoff(item.attempts)) : null;
      final = (await repo.markFailed(this.db, item, outcome.detail, retryAt)) === 'failed';
    }
    if (channel?.afterAttempt) {
      try {
        await channel.afterAttempt(item, outcome, final);
      } catch (error) {
        this.log.error({ err: error, channel: item.channel }, 'outbox afterAttempt failed');
      }
    }
  }
}
