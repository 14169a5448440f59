import type { IngestEvent, IngestResult } from '@pitboss/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Sql } from '../../db/database';
import { AppError } from '../../lib/errors';
import { ensureGamesFromBets, type SeenGame } from '../games/games.repository';
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

/**
 * Stores validated batches: one transaction per batch, serialised per company (in this process by a
 * queue, across processes by an advisory lock), so processors may keep per-company state.
 */
export class IngestPipeline {
  private readonly processors: IngestProcessor[] = [];
  private readonly queues = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

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

  /** Stores the new events of a validated batch (ids unique within it); answers once committed. */
  async store(cid: number, events: IngestEvent[]): Promise<IngestResult> {
    const batch = await this.inCompanyQueue(cid, () => this.db.tx((sql) => this.storeIn(sql, cid, events)));
    if (batch) await this.afterCommit(batch);
    return { accepted: batch ? batch.events.length : 0, duplicates: batch ? batch.duplicates : events.length };
  }

  private async storeIn(sql: Sql, cid: number, events: IngestEvent[]): Promise<StoredBatch | undefined> {
    const company = await repo.lockCompany(sql, cid);
    if (!company) throw new AppError(401, 'INGEST_KEY_INVALID', 'The company of this ingest key no longer exists');
    const fresh = await repo.insertLedger(sql, cid, events);
    if (fresh.size === 0) return undefined;
    const derived = deriveEvents(
      company,
      fresh.size === events.length ? events : events.filter((e) => fresh.has(e.id)),
    );
    const rates = new Map<string, string | null>();
    for (const r of await repo.findRates(sql, cid, ratePairs(company, derived).values())) {
      rates.set(rateKey(r.currency, r.day), r.rate);
    }
    const batch = assembleBatch(company, derived, rates, events.length - fresh.size);
    await repo.insertEvents(sql, cid, batch);
    await upsertMembers(sql, cid, batch);
    await ensureGamesFromBets(sql, cid, seenGames(batch));
    await repo.recordMissingRates(sql, cid, missingRates(batch));
    for (const processor of this.processors) await processor.process(sql, batch);
    return batch;
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

  /** Runs `work` after the company's earlier batches in this process, so that only one waits on the lock. */
  private async inCompanyQueue<T>(cid: number, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(cid) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => {
      done = resolve;
    });
    const tail = previous.then(() => mine);
    this.queues.set(cid, tail);
    try {
      await previous;
      return await work();
    } finally {
      done();
      if (this.queues.get(cid) === tail) this.queues.delete(cid);
    }
  }
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
