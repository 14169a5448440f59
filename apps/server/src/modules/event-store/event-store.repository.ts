import pg from 'pg';
import { cidLiteral, numberArrayLiteral, textArrayLiteral } from '../../db/sql';
import type { CompanyInfo } from './stored-batch';

/** Advisory-lock namespace (first key) for "one ingest transaction per company at a time"; the second key is the cid. */
export const INGEST_LOCK_NAMESPACE = 7201;

/**
 * Serialises ingestion per company across processes (detector state and distinct counts rely on it)
 * and reads the company's settings. No row when the company is gone.
 */
export function lockCompanyStatement(cid: number): string {
  return `SELECT pg_advisory_xact_lock(${INGEST_LOCK_NAMESPACE}, cid) AS locked, base_currency, time_zone, operator_type
      FROM company WHERE cid = ${cidLiteral(cid)}`;
}

export function companyOf(
  cid: number,
  row: { base_currency: string; time_zone: string; operator_type: 1 | 2 | 3 } | undefined,
): CompanyInfo | undefined {
  return row && { cid, baseCurrency: row.base_currency, timeZone: row.time_zone, operatorType: row.operator_type };
}

/** For each (currency, day): the newest rate on or before that day as exact text, or null. */
export function ratesStatement(cid: number, pairs: readonly [string, string][]): string | undefined {
  if (pairs.length === 0) return undefined;
  return `SELECT u.currency, u.day::text AS day,
            (SELECT r.rate::text FROM currency_rate r
              WHERE r.cid = ${cidLiteral(cid)} AND r.currency = u.currency AND r.rate_date <= u.day
              ORDER BY r.rate_date DESC LIMIT 1) AS rate
       FROM unnest(${textArrayLiteral(pairs.map((p) => p[0]))}, ${textArrayLiteral(
         pairs.map((p) => p[1]),
         'date',
       )}) AS u(currency, day)`;
}

/** The error of a bet whose id (or whole key) is stored already. */
export function isStoredBetError(error: unknown): boolean {
  return (
    error instanceof pg.DatabaseError &&
    error.code === '23505' &&
    (error.constraint === 'bet_id_key' || error.constraint === 'bet_pkey')
  );
}

/** Deletes these bets (written by `EventInserts.bets` under ids stored as another type). */
export function deleteBetsStatement(cid: number, ids: readonly string[]): string {
  // By row address, found id by id: with `id = ANY(array)` the planner may scan the whole table.
  return `DELETE FROM bet WHERE ctid = ANY(ARRAY(
       SELECT (SELECT t.ctid FROM bet t WHERE t.cid = ${cidLiteral(cid)} AND t.id = u.id) FROM unnest(${textArrayLiteral(ids)}) AS u(id)))`;
}

/** Counts, per (currency, day), the money events stored without a base amount. */
export function missingRatesStatement(
  cid: number,
  missing: { currency: string; day: string; events: number }[],
): string | undefined {
  if (missing.length === 0) return undefined;
  const sorted = [...missing].sort((a, b) => (a.currency + a.day < b.currency + b.day ? -1 : 1));
  return `INSERT INTO ingest_missing_rate AS m (cid, currency, day, events)
     SELECT ${cidLiteral(cid)}, * FROM unnest(${textArrayLiteral(sorted.map((m) => m.currency))},
       ${textArrayLiteral(
         sorted.map((m) => m.day),
         'date',
       )}, ${numberArrayLiteral(
         sorted.map((m) => m.events),
         'int',
       )})
     ON CONFLICT (cid, currency, day) DO UPDATE SET events = m.events + EXCLUDED.events, last_seen_at = now()`;
}
