import type { IngestEvent } from '@pitboss/contract';
import { RoundTrip } from '../../db/sql';
import { gamesFromBetsStatement, type SeenGame } from '../games/games.repository';
import { missingRatesStatement } from './event-store.repository';
import { EventInserts } from './event-tables.repository';
import { memberStatements } from './members.repository';
import { RollupPlan } from './rollups/rollup-plan';
import {
  assembleBatch,
  type CompanyInfo,
  type Derived,
  deriveEvents,
  rateKey,
  ratePairs,
  type StoredBatch,
} from './stored-batch';

/**
 * Everything a batch writes, worked out from its events before its transaction (only the distinct
 * counts of the rollups wait for the database's answers): the `StoredBatch` processors see, the
 * statements, and what they were computed with, so the transaction can check those still hold.
 */
export class BatchPlan {
  private rollupPlan: RollupPlan | undefined;
  private inserts: EventInserts | undefined;
  private built: RoundTrip | undefined;

  private constructor(
    readonly company: CompanyInfo,
    /** `currency|day` → rate text or null, for every money event not in the base currency. */
    readonly rates: ReadonlyMap<string, string | null>,
    readonly batch: StoredBatch,
    /** The bets are written apart (`betsStatement`, before the lock), not by `writes`. */
    readonly betsApart: boolean,
  ) {}

  /** Accumulated when first needed: after the bets are sent, for a plan made before its transaction. */
  private get rollups(): RollupPlan {
    this.rollupPlan ??= new RollupPlan(this.batch);
    return this.rollupPlan;
  }

  private get eventInserts(): EventInserts {
    this.inserts ??= new EventInserts(this.company.cid, this.batch);
    return this.inserts;
  }

  /**
   * Plans derived events (`deriveEvents` with `company`) with these rates; `duplicates` is only counted.
   * With `betsApart`, `writes` leaves the bets out.
   */
  static of(
    company: CompanyInfo,
    events: (IngestEvent & Derived)[],
    rates: ReadonlyMap<string, string | null>,
    duplicates: number,
    betsApart = false,
  ): BatchPlan {
    return new BatchPlan(company, rates, assembleBatch(company, events, rates, duplicates), betsApart);
  }

  /** The bets alone (`EventInserts.bets`), when `betsApart`; undefined without bets. */
  betsStatement(): string | undefined {
    return this.betsApart ? this.eventInserts.bets() : undefined;
  }

  /** Whether `writes` holds bets: written under the company's lock, where the next group could meet them. */
  get writesBets(): boolean {
    return !this.betsApart && this.batch.bets.length > 0;
  }

  /**
   * The writes that need no answer of the database beyond the rounds query of the rollups, which runs
   * first: event rows, ledger, members, games, missing rates, member rollups. Built once: a plan made
   * before its transaction builds them while the transaction's first round trip runs (thousands of
   * values turned into statement text).
   */
  writes(): RoundTrip {
    this.built ??= this.buildWrites(new RoundTrip());
    return this.built;
  }

  private buildWrites(trip: RoundTrip): RoundTrip {
    const { cid } = this.company;
    this.rollups.addBeforeEvents(trip, cid, this.betsApart);
    for (const statement of this.eventInserts.all(this.betsApart)) trip.add(statement);
    for (const statement of memberStatements(cid, this.batch)) trip.add(statement);
    trip.add(gamesFromBetsStatement(cid, seenGames(this.batch)));
    trip.add(missingRatesStatement(cid, missingRates(this.batch)));
    this.rollups.addMemberRows(trip, cid);
    return trip;
  }

  /** Adds the writes that use the answers of the `writes` round trip. */
  addCountedWrites(trip: RoundTrip): void {
    this.rollups.addGameRows(trip, this.company.cid);
  }

  /** Whether this plan was made with the settings and rates the transaction found. */
  holdsFor(company: CompanyInfo, rates: ReadonlyMap<string, string | null>): boolean {
    if (company.baseCurrency !== this.company.baseCurrency || company.timeZone !== this.company.timeZone) return false;
    if (company.operatorType !== this.company.operatorType) return false;
    for (const [key, rate] of this.rates) if (rates.get(key) !== rate) return false;
    return true;
  }
}

/** Derives the events for `company` (in place) and answers the (currency, day) pairs whose rates they need. */
export function deriveForCompany(
  company: CompanyInfo,
  events: IngestEvent[],
): { derived: (IngestEvent & Derived)[]; pairs: [string, string][] } {
  const derived = deriveEvents(company, events);
  return { derived, pairs: [...ratePairs(company, derived).values()] };
}

/** The rates of `pairs` found in `known`, or undefined when one is missing. */
export function ratesFrom(
  known: ReadonlyMap<string, string | null> | undefined,
  pairs: readonly [string, string][],
): Map<string, string | null> | undefined {
  const rates = new Map<string, string | null>();
  for (const [currency, day] of pairs) {
    const key = rateKey(currency, day);
    const rate = known?.get(key);
    if (rate === undefined) return undefined;
    rates.set(key, rate);
  }
  return rates;
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
