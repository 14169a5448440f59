import type { IngestEvent, IngestResult } from '@pitboss/contract';
import type { FastifyBaseLogger } from 'fastify';
import { RoundTrip } from '../../db/batch-query';
import type { Database, Sql } from '../../db/database';
import { AppError } from '../../lib/errors';
import { BatchPlan, deriveForCompany, ratesFrom } from './batch-plan';
import { GroupQueue, type Signals, type Waiting } from './group-commit';
import {
  companyOf,
  deleteBetsStatement,
  isStoredBetError,
  lockCompanyStatement,
  ratesStatement,
  storedIdsStatement,
} from './ingest.repository';
import { type CompanyInfo, rateKey, type StoredBatch } from './stored-batch';
import { idRanges, readRanges, storedInRangesStatement } from './stored-ids';

/**
 * A step of ingestion that runs inside the ingest transaction, after the batch's rows (event tables,
 * ledger, members, rollups) are written: the detectors. It sees only the events this batch newly stored,
 * each exactly once. Throwing rolls the whole batch back (the sender gets a 5xx and resends). Never
 * await a pool query inside: use `sql`, the transaction.
 */
export interface IngestProcessor {
  readonly name: string;
  /**
   * A read of the processor's own state, sent in the transaction's first round trip right after the
   * company's lock is taken (values as literals: no `$n` parameters). Its rows reach `process`.
   */
  readAtLock?(cid: number): string;
  /**
   * Its statements run after the batch's event rows, ledger, members and member rollups (statements on
   * `sql` run in the order sent); the game and IP rollups are written before it is called.
   */
  process(sql: Sql, batch: StoredBatch, atLock: readonly Record<string, unknown>[]): Promise<void>;
  /** After commit (websocket pushes, wake-ups). Failures are logged; the batch stays stored. */
  afterCommit?(batch: StoredBatch): void | Promise<void>;
}

/** Most events one ingest transaction takes from the calls waiting for it (a bigger call goes alone). */
export const MAX_GROUP_EVENTS = 10_000;

type Call = Waiting<IngestEvent[], IngestResult>;

/** A group of calls made ready before its transaction. */
interface PreparedGroup {
  /** The group's events in call order, each id once, and for each call the events it brings first. */
  events: IngestEvent[];
  owned: IngestEvent[][];
  /** Events each call sent. */
  sizes: number[];
  /** Rate pairs the plan used (checked in the transaction); empty without a plan. */
  pairs: [string, string][];
  /**
   * The batch if every event is new and the company's settings and rates are as last seen (its bets
   * written apart, before the lock); else planned in the transaction.
   */
  plan: BatchPlan | undefined;
}

/**
 * The plan's bets, written before the lock, were written with rates or settings that no longer hold:
 * the group is stored again, planned in its transaction.
 */
class PlanOutdated extends Error {}

/** What a group's transaction stored, and the statements to send with its COMMIT. */
interface Stored {
  batch: StoredBatch | undefined;
  results: IngestResult[];
  closing?: RoundTrip;
}

const NO_SIGNALS: Signals = { busy: () => {}, committing: () => {} };

/** What the transaction's first round trip answered. */
interface FirstAnswers {
  company: CompanyInfo | undefined;
  /** The group's ids stored already (by an earlier group, whatever their type). */
  stored: Set<string>;
  /** Ids whose ranges held too many stored ids to read: to probe one by one. */
  unresolved: string[];
  /** Whether the plan's bets were written before the lock (all of them: a stored one fails the statement). */
  readonly betsWritten: boolean;
  rates: Map<string, string | null>;
  atLock: Map<IngestProcessor, readonly Record<string, unknown>[]>;
}

/** Rates remembered per company between batches, bounded. */
const MAX_REMEMBERED_RATES = 10_000;

/**
 * Stores validated batches, serialised per company (in this process by a queue, across processes by an
 * advisory lock), so processors may keep per-company state. Group commit: the calls of a company that
 * arrive while its transaction runs are stored together by the next one (up to `maxGroupEvents`), each
 * answered with its own counts once that transaction has committed. If a group's transaction fails, its
 * calls are stored again one by one, so only a call that fails alone gets the error.
 *
 * A group is planned before its transaction (while the previous one runs) on the assumption that all its
 * events are new and the company's settings and rates are those the last transaction saw; the
 * transaction checks that under the lock, in its first round trip, and plans again when it does not hold.
 */
export class IngestPipeline {
  private readonly processors: IngestProcessor[] = [];
  private readonly queue: GroupQueue<IngestEvent[], IngestResult, PreparedGroup>;
  private readonly companies = new Map<number, CompanyInfo>();
  private readonly rates = new Map<number, Map<string, string | null>>();
  /** Whether to look stored ids up by range (`stored-ids.ts`): not while most ranges overflow (ids in no order). */
  private readonly rangeProbes = new Cooldown();
  /** Whether to write a group's bets before the lock: not while groups often resend stored bets. */
  private readonly betsFirst = new Cooldown();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    maxGroupEvents = MAX_GROUP_EVENTS,
  ) {
    this.queue = new GroupQueue(maxGroupEvents, {
      prepare: (cid, group) => this.prepare(cid, group),
      execute: (cid, prepared, group, signals) => this.execute(cid, prepared, group, signals),
    });
  }

  /** Adds a processor after those already registered. */
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

  /** Calls waiting for the company's next transaction (tests, diagnostics). */
  waiting(cid: number): number {
    return this.queue.pending(cid);
  }

  private prepare(cid: number, group: Call[]): PreparedGroup {
    const combined = combine(group.map((call) => call.item));
    const company = this.companies.get(cid);
    if (!company) return { ...combined, pairs: [], plan: undefined };
    const { derived, pairs } = deriveForCompany(company, combined.events);
    const rates = ratesFrom(this.rates.get(cid), pairs);
    const plan = rates && BatchPlan.of(company, derived, rates, duplicatesWithin(combined), this.betsFirst.use(cid));
    return { ...combined, pairs, plan };
  }

  /** One transaction for the group; on failure, one per call. Settles every call. */
  private async execute(cid: number, prepared: PreparedGroup, group: Call[], signals: Signals): Promise<void> {
    let stored: Stored;
    try {
      stored = await this.db.tx((sql, opened: FirstAnswers) => this.storeIn(sql, cid, prepared, opened, signals.busy), {
        prelude: (trip) => this.firstRoundTrip(trip, cid, prepared),
        closing: (result) => {
          signals.committing();
          return result.closing;
        },
      });
    } catch (error) {
      // A bet stored already (resent) failed the bets written before the lock: the transaction finds the
      // stored ids under the lock instead, as for the other types.
      if (error instanceof PlanOutdated || (prepared.plan && isStoredBetError(error))) {
        if (!(error instanceof PlanOutdated)) this.betsFirst.pause(cid);
        await this.execute(cid, { ...prepared, plan: undefined }, group, signals);
        return;
      }
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      this.log.warn({ err: error, cid, calls: group.length }, 'ingest group failed; storing its calls one by one');
      for (const call of group) await this.execute(cid, this.prepare(cid, [call]), [call], NO_SIGNALS);
      return;
    }
    const { batch, results } = stored;
    const announced = batch ? this.afterCommit(batch) : Promise.resolve();
    void announced.then(() => {
      for (const [i, call] of group.entries()) call.resolve(results[i] as IngestResult);
    });
  }

  /**
   * The statements of the transaction's first round trip, sent with its BEGIN: the plan's bets (before
   * the lock, so they are written while the company's previous transaction runs); the lock, with the
   * company; the rates the plan used; which ids are stored already (whatever their type; for bets just
   * written, in the ledger only); the processors' reads.
   */
  private firstRoundTrip(trip: RoundTrip, cid: number, prepared: PreparedGroup): FirstAnswers {
    const { plan } = prepared;
    const bets = plan?.betsStatement();
    const answers: FirstAnswers = {
      company: undefined,
      stored: new Set(),
      unresolved: [],
      betsWritten: bets !== undefined,
      rates: new Map(),
      atLock: new Map(),
    };
    trip.add(bets);
    // The other writes are built once this round trip is sent, while it runs (if that fails, `storeIn`
    // builds them again and fails in the transaction).
    if (plan) setImmediate(() => attempt(() => plan.writes()));
    const ranges = this.rangeProbes.use(cid) ? idRanges(prepared.owned) : undefined;
    trip
      .add<{ base_currency: string; time_zone: string; operator_type: 1 | 2 | 3 }>(
        lockCompanyStatement(cid),
        (rows) => {
          answers.company = companyOf(cid, rows[0]);
        },
      )
      .add(ratesStatement(cid, prepared.pairs), readRatesInto(answers.rates));
    if (ranges) {
      trip.add<{ id: string; n: number; t: string }>(
        storedInRangesStatement(cid, ranges, bets !== undefined),
        (rows) => {
          const read = readRanges(ranges, rows);
          answers.stored = read.stored;
          answers.unresolved = read.unresolved;
          if (read.unresolved.length * 2 > prepared.events.length) this.rangeProbes.pause(cid);
        },
      );
    } else {
      trip.add(
        storedIdsStatement(
          cid,
          prepared.events.map((e) => e.id),
          bets ? betIds(prepared.plan) : undefined,
        ),
        readIdsInto(answers.stored),
      );
    }
    for (const processor of this.processors) {
      if (processor.readAtLock) trip.add(processor.readAtLock(cid), (rows) => answers.atLock.set(processor, rows));
    }
    return answers;
  }

  /**
   * The rest of the transaction. The writes go in one round trip; the processors are called as soon as
   * it is sent, so their work (the detectors' engine) overlaps the database's, and their statements run
   * after the writes (statements on one connection run in the order sent). The game and IP rollups,
   * which need the writes' answers, follow.
   */
  private async storeIn(
    sql: Sql,
    cid: number,
    prepared: PreparedGroup,
    answers: FirstAnswers,
    busy: Signals['busy'],
  ): Promise<Stored> {
    const { events } = prepared;
    const { company, rates } = answers;
    if (!company) throw new AppError(401, 'INGEST_KEY_INVALID', 'The company of this ingest key no longer exists');
    this.remember(company, rates);
    const { stored, betsWritten } = answers;
    if (answers.unresolved.length > 0) {
      const ledgerOnly = betsWritten ? betIds(prepared.plan) : undefined;
      await new RoundTrip().add(storedIdsStatement(cid, answers.unresolved, ledgerOnly), readIdsInto(stored)).run(sql);
    }
    if (betsWritten) await this.deleteBetsOfOtherType(sql, cid, prepared.plan as BatchPlan, stored);
    const results = resultsOf(prepared, stored);
    const fresh = stored.size === 0 ? events : events.filter((e) => !stored.has(e.id));
    if (fresh.length === 0) {
      busy(true);
      return { batch: undefined, results };
    }
    let plan = prepared.plan;
    if (!plan || stored.size > 0 || !plan.holdsFor(company, rates)) {
      // Bets written with rates or settings that changed since are written again, in a new transaction.
      if (plan && betsWritten && !plan.holdsFor(company, rates)) throw new PlanOutdated();
      const duplicates = events.length - fresh.length + duplicatesWithin(prepared);
      plan = await this.planIn(sql, company, fresh, duplicates, betsWritten);
    }
    const written = plan.writes().run(sql);
    busy(!plan.writesBets);
    const processed = this.runProcessors(sql, plan.batch, answers);
    try {
      await written;
    } finally {
      // Settled either way, so that a failed write does not leave a rejection unobserved.
      await processed.catch(() => {});
    }
    await processed;
    // The rollup rows that need the writes' answers go with COMMIT, after the processors' statements.
    const closing = new RoundTrip();
    plan.addCountedWrites(closing);
    return { batch: plan.batch, results, closing };
  }

  /**
   * After the plan's bets were written before the lock: deletes those whose id the ledger holds (stored
   * as another type: the first stored wins), so that the bets written are exactly the new ones.
   */
  private async deleteBetsOfOtherType(sql: Sql, cid: number, plan: BatchPlan, stored: Set<string>): Promise<void> {
    if (stored.size === 0) return;
    const otherType = plan.batch.bets.filter((b) => stored.has(b.id)).map((b) => b.id);
    if (otherType.length > 0) await sql.query(deleteBetsStatement(cid, otherType));
  }

  private async runProcessors(sql: Sql, batch: StoredBatch, answers: FirstAnswers): Promise<void> {
    for (const processor of this.processors) await processor.process(sql, batch, answers.atLock.get(processor) ?? []);
  }

  /** Plans `events` in the transaction (fetching rates not known yet); `betsApart` when their bets are written already. */
  private async planIn(
    sql: Sql,
    company: CompanyInfo,
    events: IngestEvent[],
    duplicates: number,
    betsApart: boolean,
  ): Promise<BatchPlan> {
    const { derived, pairs } = deriveForCompany(company, events);
    const known = this.rates.get(company.cid);
    const missing = pairs.filter(([currency, day]) => known?.get(rateKey(currency, day)) === undefined);
    if (missing.length > 0) {
      const fetched = new Map<string, string | null>();
      await new RoundTrip().add(ratesStatement(company.cid, missing), readRatesInto(fetched)).run(sql);
      this.remember(company, fetched);
    }
    return BatchPlan.of(
      company,
      derived,
      ratesFrom(this.rates.get(company.cid), pairs) ?? new Map(),
      duplicates,
      betsApart,
    );
  }

  /** Keeps the company's settings and rates as read under its lock, for planning its next groups. */
  private remember(company: CompanyInfo, rates: ReadonlyMap<string, string | null>): void {
    this.companies.set(company.cid, company);
    let known = this.rates.get(company.cid);
    if (!known || known.size + rates.size > MAX_REMEMBERED_RATES) {
      known = new Map();
      this.rates.set(company.cid, known);
    }
    for (const [key, rate] of rates) known.set(key, rate);
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
 * Per company, whether to take a faster way that does not always work: yes, unless it failed lately
 * (`pause`); then not for the next `RETRY_EVERY` groups.
 */
class Cooldown {
  private static readonly RETRY_EVERY = 32;
  private readonly skipping = new Map<number, number>();

  use(cid: number): boolean {
    const left = this.skipping.get(cid);
    if (left === undefined) return true;
    if (left <= 0) {
      this.skipping.delete(cid);
      return true;
    }
    this.skipping.set(cid, left - 1);
    return false;
  }

  pause(cid: number): void {
    this.skipping.set(cid, Cooldown.RETRY_EVERY);
  }
}

/** Runs `work`, ignoring its failure. */
function attempt(work: () => unknown): void {
  try {
    work();
  } catch {
    // Done again where its failure is handled.
  }
}

/** The ids of the plan's bets. */
function betIds(plan: BatchPlan | undefined): Set<string> {
  return new Set(plan?.batch.bets.map((b) => b.id));
}

/** A reader of `ratesStatement`'s answer, keeping each rate under its `rateKey`. */
function readRatesInto(rates: Map<string, string | null>) {
  return (rows: { currency: string; day: string; rate: string | null }[]) => {
    for (const r of rows) rates.set(rateKey(r.currency, r.day), r.rate);
  };
}

/** A reader of `storedIdsStatement`'s answer. */
function readIdsInto(ids: Set<string>) {
  return (rows: { id: string }[]) => {
    for (const { id } of rows) ids.add(id);
  };
}

/** Each call's counts: its own events not stored before (an id an earlier call of the group sent is a duplicate). */
function resultsOf(prepared: PreparedGroup, stored: ReadonlySet<string>): IngestResult[] {
  return prepared.owned.map((mine, i) => {
    let accepted = 0;
    for (const event of mine) if (!stored.has(event.id)) accepted++;
    return { accepted, duplicates: (prepared.sizes[i] ?? 0) - accepted };
  });
}

/** Events of the group's calls left out because an earlier call of the group sent the same id. */
function duplicatesWithin(prepared: Pick<PreparedGroup, 'sizes' | 'events'>): number {
  return prepared.sizes.reduce((n, size) => n + size, 0) - prepared.events.length;
}

/**
 * The events of a group's calls in order, each id once, and for each call the events it brings first
 * (an id an earlier call of the group sent is that later call's duplicate).
 */
function combine(calls: IngestEvent[][]): { events: IngestEvent[]; owned: IngestEvent[][]; sizes: number[] } {
  const sizes = calls.map((call) => call.length);
  if (calls.length === 1) return { events: calls[0] as IngestEvent[], owned: calls, sizes };
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
  return { events, owned, sizes };
}
