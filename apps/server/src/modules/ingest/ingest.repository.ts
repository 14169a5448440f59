import type { IngestEvent } from '@pitboss/contract';
import type { Sql } from '../../db/database';
import { numberArray, textArray } from '../../db/pg-array';
import { baseAmount } from './decimal';
import type {
  CompanyInfo,
  StoredBatch,
  StoredBet,
  StoredBonus,
  StoredEvent,
  StoredLogin,
  StoredPurchase,
  StoredRegistration,
  StoredTransfer,
} from './stored-batch';

/** Advisory-lock namespace (first key) for "one ingest transaction per company at a time"; the second key is the cid. */
export const INGEST_LOCK_NAMESPACE = 7201;

/**
 * Serialises ingestion per company across processes (detector state and distinct counts rely on it)
 * and reads the company's settings in the same round trip. Undefined when the company is gone.
 */
export async function lockCompany(sql: Sql, cid: number): Promise<CompanyInfo | undefined> {
  const { rows } = await sql.query<{ base_currency: string; time_zone: string; operator_type: 1 | 2 | 3 }>(
    `SELECT pg_advisory_xact_lock($2, cid) AS locked, base_currency, time_zone, operator_type FROM company WHERE cid = $1`,
    [cid, INGEST_LOCK_NAMESPACE],
  );
  const row = rows[0];
  return row && { cid, baseCurrency: row.base_currency, timeZone: row.time_zone, operatorType: row.operator_type };
}

/** Records the ids in the ledger; answers those that were new (the rest were stored by an earlier call). */
export async function insertLedger(sql: Sql, cid: number, events: IngestEvent[]): Promise<Set<string>> {
  const sorted = [...events].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const { rows } = await sql.query<{ id: string }>(
    `INSERT INTO ingest_event (cid, id, type, at, member_id)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::timestamptz[], $5::text[])
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [
      cid,
      textArray(sorted.map((e) => e.id)),
      textArray(sorted.map((e) => e.type)),
      textArray(sorted.map((e) => e.at)),
      textArray(sorted.map((e) => e.memberId)),
    ],
  );
  return new Set(rows.map((r) => r.id));
}

/** For each (currency, day): the newest rate on or before that day as exact text, or null. */
export async function findRates(
  sql: Sql,
  cid: number,
  pairs: Iterable<[string, string]>,
): Promise<{ currency: string; day: string; rate: string | null }[]> {
  const list = [...pairs];
  if (list.length === 0) return [];
  const { rows } = await sql.query<{ currency: string; day: string; rate: string | null }>(
    `SELECT u.currency, u.day::text AS day,
            (SELECT r.rate::text FROM currency_rate r
              WHERE r.cid = $1 AND r.currency = u.currency AND r.rate_date <= u.day
              ORDER BY r.rate_date DESC LIMIT 1) AS rate
       FROM unnest($2::text[], $3::date[]) AS u(currency, day)`,
    [cid, list.map((p) => p[0]), list.map((p) => p[1])],
  );
  return rows;
}

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

/** A column of an event table: its name, its PostgreSQL type and how to read it from a stored event. */
type Column<E> = readonly [name: string, type: string, value: (event: E) => unknown];

const COMMON: Column<StoredEvent>[] = [
  ['member_id', 'text', (e) => e.memberId],
  ['at', 'timestamptz', (e) => e.at],
  ['id', 'text', (e) => e.id],
];

const BET: Column<StoredBet>[] = [
  ['game_id', 'text', (e) => e.gameId],
  ['round_id', 'text', (e) => e.roundId],
  ['stake', 'numeric', (e) => String(e.stake)],
  ['payout', 'numeric', (e) => String(e.payout)],
  ['currency', 'text', (e) => e.currency],
  ['stake_base', 'numeric', (e) => baseAmount(e.stake, e.rate)],
  ['payout_base', 'numeric', (e) => baseAmount(e.payout, e.rate)],
  ['side', 'text', (e) => orNull(e.side)],
  ['game_type', 'text', (e) => orNull(e.gameType)],
  ['customer_id', 'text', (e) => orNull(e.customerId)],
];
const LOGIN: Column<StoredLogin>[] = [
  ['ip', 'inet', (e) => e.ip],
  ['device', 'text', (e) => orNull(e.device)],
  ['success', 'boolean', (e) => e.success],
];
const REGISTRATION: Column<StoredRegistration>[] = [
  ['ip', 'inet', (e) => e.ip],
  ['device', 'text', (e) => orNull(e.device)],
  ['nick_name', 'text', (e) => orNull(e.nickName)],
  ['account', 'text', (e) => orNull(e.account)],
  ['mobile', 'text', (e) => orNull(e.mobile)],
  ['vip_level', 'int', (e) => orNull(e.vipLevel)],
];
const PURCHASE: Column<StoredPurchase>[] = [
  ['amount', 'numeric', (e) => String(e.amount)],
  ['currency', 'text', (e) => e.currency],
  ['amount_base', 'numeric', (e) => baseAmount(e.amount, e.rate)],
  ['platform', 'text', (e) => orNull(e.platform)],
  ['payment_name', 'text', (e) => orNull(e.paymentName)],
  ['category', 'text', (e) => orNull(e.category)],
];
const TRANSFER: Column<StoredTransfer>[] = [
  ['amount', 'numeric', (e) => String(e.amount)],
  ['currency', 'text', (e) => e.currency],
  ['amount_base', 'numeric', (e) => baseAmount(e.amount, e.rate)],
  ['direction', 'text', (e) => e.direction],
  ['counterparty_id', 'text', (e) => orNull(e.counterpartyId)],
];
const BONUS: Column<StoredBonus>[] = [
  ['points', 'numeric', (e) => String(e.points)],
  ['category', 'text', (e) => orNull(e.category)],
  ['event_name', 'text', (e) => orNull(e.eventName)],
];

interface EventTable<E extends StoredEvent> {
  table: string;
  columns: Column<E>[];
  events(batch: StoredBatch): E[];
}
const eventTable = <E extends StoredEvent>(t: EventTable<E>) => t as unknown as EventTable<StoredEvent>;

/** Each event table with its columns (after cid) and the batch's events that go into it. */
const EVENT_TABLES: EventTable<StoredEvent>[] = [
  eventTable({ table: 'bet', columns: BET, events: (b) => b.bets }),
  eventTable({ table: 'login', columns: LOGIN, events: (b) => b.logins }),
  eventTable({ table: 'registration', columns: REGISTRATION, events: (b) => b.registrations }),
  eventTable({ table: 'purchase', columns: PURCHASE, events: (b) => b.purchases }),
  eventTable({ table: 'transfer', columns: TRANSFER, events: (b) => b.transfers }),
  eventTable({ table: 'bonus', columns: BONUS, events: (b) => b.bonuses }),
];

/** The rows a batch writes into each event table, column by column (the benchmark COPYs the same rows). */
export interface EventTableRows {
  table: string;
  /** Column names after cid, with their PostgreSQL types. */
  columns: { name: string; type: string }[];
  /** One array per column, one value per event. */
  values: unknown[][];
}

export function eventTableRows(batch: StoredBatch): EventTableRows[] {
  return EVENT_TABLES.map(({ table, columns, events }) => {
    const list = events(batch);
    return {
      table,
      columns: [...COMMON, ...columns].map(([name, type]) => ({ name, type })),
      values: [...COMMON, ...columns].map(([, , value]) => list.map(value)),
    };
  }).filter((rows) => (rows.values[0]?.length ?? 0) > 0);
}

const NUMERIC_TYPES = new Set(['numeric', 'int', 'int8', 'float8']);
const toArray = (type: string, values: unknown[]) =>
  NUMERIC_TYPES.has(type)
    ? numberArray(values as (number | string | null)[])
    : textArray(values as (string | boolean | null)[]);

/** Writes the batch's rows into the per-type tables: one `INSERT … SELECT FROM unnest(…)` per type present. */
export async function insertEvents(sql: Sql, cid: number, batch: StoredBatch): Promise<void> {
  for (const { table, columns, values } of eventTableRows(batch)) {
    await sql.query(
      `INSERT INTO ${table} (cid, ${columns.map((c) => c.name).join(', ')})
       SELECT $1, * FROM unnest(${columns.map((c, i) => `$${i + 2}::${c.type}[]`).join(', ')})`,
      [cid, ...values.map((column, i) => toArray(columns[i]?.type ?? 'text', column))],
    );
  }
}

/** Counts, per (currency, day), the money events stored without a base amount. */
export async function recordMissingRates(
  sql: Sql,
  cid: number,
  missing: { currency: string; day: string; events: number }[],
): Promise<void> {
  if (missing.length === 0) return;
  const sorted = [...missing].sort((a, b) => (a.currency + a.day < b.currency + b.day ? -1 : 1));
  await sql.query(
    `INSERT INTO ingest_missing_rate AS m (cid, currency, day, events)
     SELECT $1, * FROM unnest($2::text[], $3::date[], $4::int[])
     ON CONFLICT (cid, currency, day) DO UPDATE SET events = m.events + EXCLUDED.events, last_seen_at = now()`,
    [cid, sorted.map((m) => m.currency), sorted.map((m) => m.day), sorted.map((m) => m.events)],
  );
}
