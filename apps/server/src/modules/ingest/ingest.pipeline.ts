import type { IngestEvent, IngestResult } from '@pitboss/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Sql } from '../../db/database';
import { AppError } from '../../lib/errors';
import { ensureGamesFromBets, type SeenGame } from '../games/games.repository';
import { GroupQueue, type Waiting } from './group-commit';
import * as repo from './ingest.repository';
import { upsertMembers } from './members.repository';
import { assembleBatch, deriveEvents, rateKey, ratePairs, type StoredBatch } from './stored-batch';

/**
 * A step of ingestion that runs inside the ingest transaction, after the batch's rows (and the
 * processors registered before it) are written: the rollups, then the detectors. It sees only the
 * events this batch newly stored, each exactly once. Throwing rolls the whole batch back (the sender
 * gets a 5xx and resends). Never await a pool query inside: use `sql`, the transaction.
 */
export interface IngestProcessor {
  readonly name: string;
  process(sql: Sql, batch: StoredBatch): Promise<void>;
  /** After commit (websocket pushes, wake-ups). Failures are logged; the batch stays stored. */
  afterCommit?(batch: StoredBatch): void | Promise<void>;
}

/** Most events one ingest transaction takes from the calls waiting for it (a bigger call goes alone). */
export const MAX_GROUP_EVENTS = 10_000;

type Call = Waiting<IngestEvent[], IngestResult>;

/**
 * Stores validated batches, serialised per company (in this process by a queue, across processes by an
 * advisory lock), so processors may keep per-company state. Group commit: the calls of a company that
 * arrive while its transaction runs are stored together by the next one (up to `maxGroupEvents`), each
 * answered with its own counts once that transaction has committed. If a group's transaction fails, its
 * calls are stored again one by one, so only a call that fails alone gets the error.
 */
export class IngestPipeline {
  private readonly processors: IngestProcessor[] = [];
  private readonly queue: GroupQueue<IngestEvent[], IngestResult>;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    maxGroupEvents = MAX_GROUP_EVENTS,
  ) {
    this.queue = new GroupQueue(maxGroupEvents, (cid, group) => this.commit(cid, group));
  }

  /** Adds a processor after those already registered (the rollups come first). */
  use(processor: IngestProcessor): void {
    if (this.processors.some((p) => p.name === processor.name)) {
      throw new Error(`Ingest processor ${processor.name} is already registered`);
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
    return this.queue.add(cid, events, events.length);
  }

  /** Calls of the company waiting for its next transaction (tests, diagnostics). */
  waiting(cid: number): number {
    return this.queue.pending(cid);
  }

  /** One transaction for the group; on failure, one per call. Settles every call. */
  private async commit(cid: number, group: Call[]): Promise<void> {
    let stored: { batch: StoredBatch | undefined; results: IngestResult[] };
    try {
      stored = await this.db.tx((sql) =>
        this.storeIn(
          sql,
          cid,
          group.map((call) => call.item),
        ),
      );
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      this.log.warn({ err: error, cid, calls: group.length }, 'ingest group failed; storing its calls one by one');
      for (const call of group) await this.commit(cid, [call]);
      return;
    }
    const { batch, results } = stored;
    const announced = batch ? this.afterCommit(batch) : Promise.resolve();
    void announced.then(() => {
      for (const [i, call] of group.entries()) call.resolve(results[i] as IngestResult);
    });
  }

  private async storeIn(
    sql: Sql,
    cid: number,
    calls: IngestEvent[][],
  ): Promise<{ batch: StoredBatch | undefined; results: IngestResult[] }> {
    const company = await repo.lockCompany(sql, cid);
    if (!company) throw new AppError(401, 'INGEST_KEY_INVALID', 'The company of this ingest key no longer exists');
    const { events, owned } = combine(calls);
    const fresh = await repo.insertLedger(sql, cid, events);
    const results = calls.map((call, i) => {
      let accepted = 0;
      for (const event of owned[i] ?? []) if (fresh.has(event.id)) accepted++;
      return { accepted, duplicates: call.length - accepted };
    });
    if (fresh.size === 0) return { batch: undefined, results };
    const total = calls.reduce((n, call) => n + call.length, 0);
    const derived = deriveEvents(
      company,
      fresh.size === events.length ? events : events.filter((e) => fresh.has(e.id)),
    );
    const rates = new Map<string, string | null>();
    for (const r of await repo.findRates(sql, cid, ratePairs(company, derived).values())) {
      rates.set(rateKey(r.currency, r.day), r.rate);
    }
    const batch = assembleBatch(company, derived, rates, total - fresh.size);
    await repo.insertEvents(sql, cid, batch);
    await upsertMembers(sql, cid, batch);
    await ensureGamesFromBets(sql, cid, seenGames(batch));
    await repo.recordMissingRates(sql, cid, missingRates(batch));
    for (const processor of this.processors) await processor.process(sql, batch);
    return { batch, results };
  }

  private async afterCommit(batch: StoredBatch): Promise<void> {
    for (const processor of this.processors) {
      if (!processor.afterCommit) continue;
      try {
        await processor.afterCommit(batch);
      } catch (error) {
        this.log.error({ err: error, processor: processor.name }, 'ingest afterCommit failed');
      }
    }
  }
}

/**
 * The events of a group's calls in order, each id once, and for each call the events it brings first
 * (an id an earlier call of the group sent is that later call's duplicate).
 */
function combine(calls: IngestEvent[][]): { events: IngestEvent[]; owned: IngestEvent[][] } {
  if (calls.length === 1) return { events: calls[0] as IngestEvent[], owned: calls };
  const seen = new Set<string>();
  const events: IngestEvent[] = [];
  const owned = calls.map((call) => {
    const mine: IngestEvent[] = [];
    for (const event of call) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      mine.push(event);
      events.push(event);
    }
    return mine;
  });
  return { events, owned };
}

function seenGames(batch: StoredBatch): SeenGame[] {
  const games = new Map<string, { first: number; gameType: string | null }>();
  for (const bet of batch.bets) {
    const game = games.get(bet.gameId);
    if (!game) games.set(bet.gameId, { first: bet.atMs, gameType: bet.gameType ?? null });
    else {
      if (bet.atMs < game.first) game.first = bet.atMs;
      game.gameType ??= bet.gameType ?? null;
    }
  }
  return [...games].map(([gameId, g]) => ({
    gameId,
    firstBetAt: new Date(g.first).toISOString(),
    gameType: g.gameType,
  }));
}

function missingRates(batch: StoredBatch): { currency: string; day: string; events: number }[] {
  const missing = new Map<string, { currency: string; day: string; events: number }>();
  for (const event of [...batch.bets, ...batch.purchases, ...batch.transfers]) {
    if (event.rate !== null) continue;
    const key = rateKey(event.currency, event.day);
    const entry = missing.get(key);
    if (entry) entry.events++;
    else missing.set(key, { currency: event.currency, day: event.day, events: 1 });
  }
  return [...missing.values()];
}
