import type { IngestEvent, IngestResult } from '@pitboss/contract';
import type { Database, Sql, Transaction } from '../../db/database';
import { RoundTrip } from '../../db/sql';
import { AppError } from '../../lib/errors';
import { BatchPlan, deriveForCompany, ratesFrom } from './batch-plan';
import { CompanyMemory, Cooldown } from './company-memory';
import type { EventProcessor } from './event-processor';
import {
  companyOf,
  deleteBetsStatement,
  isStoredBetError,
  lockCompanyStatement,
  ratesStatement,
} from './event-store.repository';
import type { Signals } from './group-commit';
import { combineCalls, duplicatesWithin, type PreparedGroup, resultsOf } from './prepared-group';
import { type CompanyInfo, rateKey, type StoredBatch } from './stored-batch';
import { idRanges, readRanges } from './stored-ids';
import { storedIdsStatement, storedInRangesStatement } from './stored-ids.repository';

/** What a group's transaction stored: the batch processors saw (none when every event was stored already), each call's counts. */
export interface Stored {
  batch: StoredBatch | undefined;
  results: IngestResult[];
}

/**
 * The plan's bets, written before the lock, were written with rates or settings that no longer hold:
 * the group is stored again, planned in its transaction.
 */
class PlanOutdated extends Error {}

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
  atLock: Map<EventProcessor, readonly Record<string, unknown>[]>;
}

/**
 * Writes a company's groups, one transaction each: plans a group before its transaction (`prepare`, while
 * the previous one runs) on the assumption that all its events are new and the company's settings and
 * rates are those its last transaction saw; the transaction (`write`) checks that under the lock, in its
 * first round trip, and plans again when it does not hold. Its processors run in the transaction.
 */
export class GroupWriter {
  private readonly memory = new CompanyMemory();
  /** Whether to look stored ids up by range (`stored-ids.ts`): not while most ranges overflow (ids in no order). */
  private readonly rangeProbes = new Cooldown();
  /** Whether to write a group's bets before the lock: not while groups often resend stored bets. */
  private readonly betsFirst = new Cooldown();

  constructor(
    private readonly db: Database,
    private readonly processors: readonly EventProcessor[],
  ) {}

  /** The work on a group before its transaction: its calls combined and, when it can be, its plan. */
  prepare(cid: number, calls: IngestEvent[][]): PreparedGroup {
    const combined = combineCalls(calls);
    const company = this.memory.company(cid);
    if (!company) return { ...combined, pairs: [], plan: undefined };
    const { derived, pairs } = deriveForCompany(company, combined.events);
    const rates = ratesFrom(this.memory.knownRates(cid), pairs);
    const plan = rates && BatchPlan.of(company, derived, rates, duplicatesWithin(combined), this.betsFirst.use(cid));
    return { ...combined, pairs, plan };
  }

  /**
   * Stores the group in one transaction, signalling its moments; throws when it failed (rolled back).
   * When the plan's bets, written before the lock, could not stand (a bet stored already, or settings or
   * rates changed since), the group is stored again, planned in its transaction.
   */
  async write(cid: number, prepared: PreparedGroup, signals: Signals): Promise<Stored> {
    try {
      return await this.inTransaction(cid, prepared, signals);
    } catch (error) {
      // A bet stored already (resent) failed the bets written before the lock: the transaction finds the
      // stored ids under the lock instead, as for the other types.
      const outdated = error instanceof PlanOutdated;
      if (!outdated && !(prepared.plan && isStoredBetError(error))) throw error;
      if (!outdated) this.betsFirst.pause(cid);
      return this.inTransaction(cid, { ...prepared, plan: undefined }, signals);
    }
  }

  /**
   * The group's transaction: its first statements go with BEGIN (`firstRoundTrip`), the rest follow
   * (`storeIn`), and the last go with COMMIT.
   */
  private async inTransaction(cid: number, prepared: PreparedGroup, signals: Signals): Promise<Stored> {
    const tx = await this.db.transaction();
    try {
      const answers = this.firstRoundTrip(tx.opening, cid, prepared);
      await tx.begin();
      const stored = await this.storeIn(tx, cid, prepared, answers, signals);
      await tx.settled();
      signals.committing();
      await tx.commit();
      return stored;
    } catch (error) {
      await tx.rollback();
      throw error;
    }
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
    { sql, closing }: Transaction,
    cid: number,
    prepared: PreparedGroup,
    answers: FirstAnswers,
    signals: Signals,
  ): Promise<Stored> {
    const { events } = prepared;
    const { company, rates } = answers;
    if (!company) throw new AppError(401, 'INGEST_KEY_INVALID', 'The company of this ingest key no longer exists');
    this.memory.remember(company, rates);
    const { stored, betsWritten } = answers;
    if (answers.unresolved.length > 0) {
      const ledgerOnly = betsWritten ? betIds(prepared.plan) : undefined;
      await new RoundTrip().add(storedIdsStatement(cid, answers.unresolved, ledgerOnly), readIdsInto(stored)).run(sql);
    }
    if (betsWritten) await this.deleteBetsOfOtherType(sql, cid, prepared.plan as BatchPlan, stored);
    const results = resultsOf(prepared, stored);
    const fresh = stored.size === 0 ? events : events.filter((e) => !stored.has(e.id));
    if (fresh.length === 0) {
      signals.busy(true);
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
    signals.busy(!plan.writesBets);
    const processed = this.runProcessors(sql, plan.batch, answers);
    try {
      await written;
    } finally {
      // Settled either way, so that a failed write does not leave a rejection unobserved.
      await processed.catch(() => {});
    }
    await processed;
    // The rollup rows that need the writes' answers go with COMMIT, after the processors' statements.
    plan.addCountedWrites(closing);
    return { batch: plan.batch, results };
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
    const known = this.memory.knownRates(company.cid);
    const missing = pairs.filter(([currency, day]) => known?.get(rateKey(currency, day)) === undefined);
    if (missing.length > 0) {
      const fetched = new Map<string, string | null>();
      await new RoundTrip().add(ratesStatement(company.cid, missing), readRatesInto(fetched)).run(sql);
      this.memory.remember(company, fetched);
    }
    return BatchPlan.of(
      company,
      derived,
      ratesFrom(this.memory.knownRates(company.cid), pairs) ?? new Map(),
      duplicates,
      betsApart,
    );
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
