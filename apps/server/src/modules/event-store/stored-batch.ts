import type {
  BetEvent,
  BonusEvent,
  IngestEvent,
  LoginEvent,
  PurchaseEvent,
  RegisterEvent,
  TransferEvent,
} from '@pitboss/contract';
import { canonicalIp } from '@pitboss/contract';
import { calendarFor, hourStart } from './local-time';

/** The company a batch belongs to, read (and locked) at the start of the ingest transaction. */
export interface CompanyInfo {
  cid: number;
  baseCurrency: string;
  timeZone: string;
  operatorType: 1 | 2 | 3;
}

/** What ingestion derives for every stored event. */
export interface Derived {
  /** `at` in epoch milliseconds. */
  atMs: number;
  /** Start of the UTC hour of `at`, epoch milliseconds (the `hour` of hourly rollups). */
  hourMs: number;
  /** Calendar date of `at` in the company's time zone, `YYYY-MM-DD` (the `day` of daily rollups and rates). */
  day: string;
}

/** Amounts converted to the company's base currency with the newest rate on or before `day`. */
export interface Converted {
  /** Units of base currency per unit of `currency`, as exact text; null when no rate covers `day`. */
  rate: string | null;
}

export type StoredBet = BetEvent &
  Derived &
  Converted & {
    stakeBase: number | null;
    payoutBase: number | null;
  };
export type StoredLogin = LoginEvent & Derived;
export type StoredRegistration = RegisterEvent & Derived;
export type StoredPurchase = PurchaseEvent & Derived & Converted & { amountBase: number | null };
export type StoredTransfer = TransferEvent & Derived & Converted & { amountBase: number | null };
export type StoredBonus = BonusEvent & Derived;
export type StoredEvent = StoredBet | StoredLogin | StoredRegistration | StoredPurchase | StoredTransfer | StoredBonus;

/**
 * The events one ingest transaction newly stored (duplicates left out; one call, or several grouped), handed to every `EventProcessor`
 * inside the ingest transaction. Detectors see each event exactly once across all batches.
 */
export interface StoredBatch {
  company: CompanyInfo;
  /** Every new event, in the order of the calls (a group commit stores several calls in one batch). */
  events: StoredEvent[];
  bets: StoredBet[];
  logins: StoredLogin[];
  registrations: StoredRegistration[];
  purchases: StoredPurchase[];
  transfers: StoredTransfer[];
  bonuses: StoredBonus[];
  /** Events of the calls whose id was already stored (or sent by an earlier call of the group). */
  duplicates: number;
}

/** A (currency, day) pair whose rate must be looked up: `key` is `currency|day`. */
export function rateKey(currency: string, day: string): string {
  return `${currency}|${day}`;
}

/**
 * Adds the derived fields (time buckets, canonical IP) to validated events, in place: they are the
 * ingest call's own objects, fresh from validation.
 */
export function deriveEvents(company: CompanyInfo, events: IngestEvent[]): (IngestEvent & Derived)[] {
  const calendar = calendarFor(company.timeZone);
  for (const event of events as (IngestEvent & Derived)[]) {
    event.atMs = Date.parse(event.at);
    event.hourMs = hourStart(event.atMs);
    event.day = calendar.day(event.atMs);
    if (event.type === 'login' || event.type === 'register') event.ip = canonicalIp(event.ip);
  }
  return events as (IngestEvent & Derived)[];
}

/** The (currency, day) pairs of money events not in the base currency. */
export function ratePairs(company: CompanyInfo, events: (IngestEvent & Derived)[]): Map<string, [string, string]> {
  const pairs = new Map<string, [string, string]>();
  for (const event of events) {
    if (event.type !== 'bet' && event.type !== 'purchase' && event.type !== 'transfer') continue;
    if (event.currency === company.baseCurrency) continue;
    pairs.set(rateKey(event.currency, event.day), [event.currency, event.day]);
  }
  return pairs;
}

const times = (amount: number, rate: string | null) => (rate === null ? null : amount * Number(rate));

/**
 * Sorts derived events by type and converts their amounts with `rates` (`currency|day` → rate text or
 * null), in place like `deriveEvents`.
 */
export function assembleBatch(
  company: CompanyInfo,
  events: (IngestEvent & Derived)[],
  rates: ReadonlyMap<string, string | null>,
  duplicates: number,
): StoredBatch {
  const batch: StoredBatch = {
    company,
    events: [],
    bets: [],
    logins: [],
    registrations: [],
    purchases: [],
    transfers: [],
    bonuses: [],
    duplicates,
  };
  const rateOf = (currency: string, day: string) =>
    currency === company.baseCurrency ? '1' : (rates.get(rateKey(currency, day)) ?? null);
  for (const event of events) {
    let stored: StoredEvent;
    switch (event.type) {
      case 'bet': {
        const bet = event as StoredBet;
        bet.rate = rateOf(event.currency, event.day);
        bet.stakeBase = times(event.stake, bet.rate);
        bet.payoutBase = times(event.payout, bet.rate);
        batch.bets.push(bet);
        stored = bet;
        break;
      }
      case 'purchase':
      case 'transfer': {
        const money = event as StoredPurchase | StoredTransfer;
        money.rate = rateOf(event.currency, event.day);
        money.amountBase = times(event.amount, money.rate);
        if (money.type === 'purchase') batch.purchases.push(money);
        else batch.transfers.push(money);
        stored = money;
        break;
      }
      case 'login':
        batch.logins.push(event);
        stored = event;
        break;
      case 'register':
        batch.registrations.push(event);
        stored = event;
        break;
      case 'bonus':
        batch.bonuses.push(event);
        stored = event;
        break;
    }
    batch.events.push(stored);
  }
  return batch;
}
