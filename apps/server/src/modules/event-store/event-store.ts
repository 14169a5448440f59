import type { IngestEvent, IngestResult } from '@pitboss/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { EventProcessor } from './event-processor';
import { type Group, GroupQueue, NO_SIGNALS, type Signals, type Waiting } from './group-commit';
import { GroupWriter, type Stored } from './group-writer';
import type { PreparedGroup } from './prepared-group';
import type { StoredBatch } from './stored-batch';

/** Most events one transaction takes from the calls waiting for it (a bigger call goes alone). */
export const MAX_GROUP_EVENTS = 10_000;

type Call = Waiting<IngestEvent[], IngestResult>;

/**
 * Stores validated batches, serialised per company (in this process by its queue and writer, across
 * processes by an advisory lock), so processors may keep per-company state. Group commit: the calls of a
 * company that arrive while its transaction runs are stored together by the next one (up to
 * `maxGroupEvents`), each answered with its own counts as soon as that transaction has committed. If a
 * group's transaction fails, its calls are stored again one by one, so only a call that fails alone gets
 * the error. After the commit, and without holding the answers, the processors' `afterCommit` run.
 *
 * One call's way, top to bottom: `store` queues it; the company's writer (`writeGroups`) takes it in a
 * group, prepares the group, and when its turn comes stores it (`storeGroup` → `GroupWriter.write`: one
 * transaction, processors inside); then answers the calls and runs the after-commit work.
 */
export class EventStore {
  private readonly processors: EventProcessor[] = [];
  private readonly queue: GroupQueue<IngestEvent[], IngestResult>;
  private readonly writer: GroupWriter;

  constructor(
    db: Database,
    private readonly log: FastifyBaseLogger,
    maxGroupEvents = MAX_GROUP_EVENTS,
  ) {
    this.queue = new GroupQueue(maxGroupEvents);
    this.writer = new GroupWriter(db, this.processors);
  }

  /** Adds a processor after those already registered. */
  use(processor: EventProcessor): void {
    if (this.processors.some((p) => p.name === processor.name)) {
      throw new Error(`Event processor ${processor.name} is already registered`);
    }
    this.processors.push(processor);
  }

  get processorNames(): string[] {
    return this.processors.map((p) => p.name);
  }

  /**
   * Stores the new events of a validated batch (ids unique within it); answers once committed. An id
   * that a call queued earlier in the same group also sends counts as a duplicate of this call, as if
   * the two had been sent one after the other.
   */
  store(cid: number, events: IngestEvent[]): Promise<IngestResult> {
    const { reply, idle } = this.queue.add(cid, events, events.length);
    if (idle) void this.writeGroups(cid);
    return reply;
  }

  /** Calls waiting for the company's next transaction (tests, diagnostics). */
  waiting(cid: number): number {
    return this.queue.pending(cid);
  }

  /**
   * The company's writer, while it has calls: takes each group from the queue, prepares it (while the
   * previous group's transaction runs), and starts its transaction when its turn comes.
   */
  private async writeGroups(cid: number): Promise<void> {
    for await (const group of this.queue.groups(cid)) {
      const prepared = this.prepare(cid, group.calls);
      await group.turn;
      if (prepared) void this.storeGroup(cid, prepared, group);
      else group.done();
    }
  }

  /** The group's preparation, or undefined when it failed (its calls then get the error). */
  private prepare(cid: number, calls: readonly Call[]): PreparedGroup | undefined {
    try {
      return this.writer.prepare(
        cid,
        calls.map((call) => call.item),
      );
    } catch (error) {
      for (const call of calls) call.reject(error);
      return undefined;
    }
  }

  /** Stores a group and settles every call of it, then tells the queue the group is done. */
  private async storeGroup(cid: number, prepared: PreparedGroup, group: Group<IngestEvent[], IngestResult>) {
    try {
      await this.storeCalls(cid, prepared, group.calls, group);
    } catch (error) {
      // `storeCalls` settles every call itself; this is a last resort so that no caller waits for ever.
      for (const call of group.calls) call.reject(error);
    } finally {
      group.done();
    }
  }

  /**
   * One transaction for the calls; on failure, one per call. Answers each call as soon as its transaction
   * has committed; the processors' after-commit work follows, and the answers do not wait for it.
   */
  private async storeCalls(cid: number, prepared: PreparedGroup, calls: readonly Call[], signals: Signals) {
    let stored: Stored;
    try {
      stored = await this.writer.write(cid, prepared, signals);
    } catch (error) {
      if (calls.length === 1) {
        calls[0]?.reject(error);
        return;
      }
      this.log.warn({ err: error, cid, calls: calls.length }, 'ingest group failed; storing its calls one by one');
      for (const call of calls) {
        await this.storeCalls(cid, this.writer.prepare(cid, [call.item]), [call], NO_SIGNALS);
      }
      return;
    }
    const { batch, results } = stored;
    for (const [i, call] of calls.entries()) call.resolve(results[i] as IngestResult);
    if (batch) void this.afterCommit(batch);
  }

  /**
   * Each processor's `afterCommit` in turn, after the answers (a synchronous one runs at once, in this
   * turn of the event loop); failures are logged, the batch stays stored.
   */
  private async afterCommit(batch: StoredBatch): Promise<void> {
    for (const processor of this.processors) {
      if (!processor.afterCommit) continue;
      try {
        const pending = processor.afterCommit(batch);
        if (pending) await pending;
      } catch (error) {
        this.log.error({ err: error, processor: processor.name }, 'ingest afterCommit failed');
      }
    }
  }
}
