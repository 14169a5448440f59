import type { IngestEvent } from '@pitboss/contract';
import type { Sql } from '../../db/database';
import { baseAmount } from './decimal';
import type { CompanyInfo, StoredBatch } from './stored-batch';

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
    [cid, sorted.map((e) => e.id), sorted.map((e) => e.type), sorted.map((e) => e.at), sorted.map((e) => e.memberId)],
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

/** Writes the batch's rows into the per-type tables (one statement per type present). */
export async function insertEvents(sql: Sql, cid: number, batch: StoredBatch): Promise<void> {
  const { bets, logins, registrations, purchases, transfers, bonuses } = batch;
  if (bets.length > 0) {
    await sql.query(
      `INSERT INTO bet (cid, member_id, at, id, game_id, round_id, stake, payout, currency, stake_base, payout_base,
                        side, game_type, customer_id)
       SELECT $1, * FROM unnest($2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::numeric[],
                                $8::numeric[], $9::text[], $10::numeric[], $11::numeric[], $12::text[], $13::text[],
                                $14::text[])`,
      [
        cid,
        bets.map((e) => e.memberId),
        bets.map((e) => e.at),
        bets.map((e) => e.id),
        bets.map((e) => e.gameId),
        bets.map((e) => e.roundId),
        bets.map((e) => String(e.stake)),
        bets.map((e) => String(e.payout)),
        bets.map((e) => e.currency),
        bets.map((e) => baseAmount(e.stake, e.rate)),
        bets.map((e) => baseAmount(e.payout, e.rate)),
        bets.map((e) => orNull(e.side)),
        bets.map((e) => orNull(e.gameType)),
        bets.map((e) => orNull(e.customerId)),
      ],
    );
  }
  if (logins.length > 0) {
    await sql.query(
      `INSERT INTO login (cid, member_id, at, id, ip, device, success)
       SELECT $1, * FROM unnest($2::text[], $3::timestamptz[], $4::text[], $5::inet[], $6::text[], $7::boolean[])`,
      [
        cid,
        logins.map((e) => e.memberId),
        logins.map((e) => e.at),
        logins.map((e) => e.id),
        logins.map((e) => e.ip),
        logins.map((e) => orNull(e.device)),
        logins.map((e) => e.success),
      ],
    );
  }
  if (registrations.length > 0) {
    await sql.query(
      `INSERT INTO registration (cid, member_id, at, id, ip, device, nick_name, account, mobile, vip_level)
       SELECT $1, * FROM unnest($2::text[], $3::timestamptz[], $4::text[], $5::inet[], $6::text[], $7::text[],
                                $8::text[], $9::text[], $10::int[])`,
      [
        cid,
        registrations.map((e) => e.memberId),
        registrations.map((e) => e.at),
        registrations.map((e) => e.id),
        registrations.map((e) => e.ip),
        registrations.map((e) => orNull(e.device)),
        registrations.map((e) => orNull(e.nickName)),
        registrations.map((e) => orNull(e.account)),
        registrations.map((e) => orNull(e.mobile)),
        registrations.map((e) => orNull(e.vipLevel)),
      ],
    );
  }
  if (purchases.length > 0) {
    await sql.query(
      `INSERT INTO purchase (cid, member_id, at, id, amount, currency, amount_base, platform, payment_name, category)
       SELECT $1, * FROM unnest($2::text[], $3::timestamptz[], $4::text[], $5::numeric[], $6::text[], $7::numeric[],
                                $8::text[], $9::text[], $10::text[])`,
      [
        cid,
        purchases.map((e) => e.memberId),
        purchases.map((e) => e.at),
        purchases.map((e) => e.id),
        purchases.map((e) => String(e.amount)),
        purchases.map((e) => e.currency),
        purchases.map((e) => baseAmount(e.amount, e.rate)),
        purchases.map((e) => orNull(e.platform)),
        purchases.map((e) => orNull(e.paymentName)),
        purchases.map((e) => orNull(e.category)),
      ],
    );
  }
  if (transfers.length > 0) {
    await sql.query(
      `INSERT INTO transfer (cid, member_id, at, id, amount, currency, amount_base, direction, counterparty_id)
       SELECT $1, * FROM unnest($2::text[], $3::timestamptz[], $4::text[], $5::numeric[], $6::text[], $7::numeric[],
                                $8::text[], $9::text[])`,
      [
        cid,
        transfers.map((e) => e.memberId),
        transfers.map((e) => e.at),
        transfers.map((e) => e.id),
        transfers.map((e) => String(e.amount)),
        transfers.map((e) => e.currency),
        transfers.map((e) => baseAmount(e.amount, e.rate)),
        transfers.map((e) => e.direction),
        transfers.map((e) => orNull(e.counterpartyId)),
      ],
    );
  }
  if (bonuses.length > 0) {
    await sql.query(
      `INSERT INTO bonus (cid, member_id, at, id, points, category, event_name)
       SELECT $1, * FROM unnest($2::text[], $3::timestamptz[], $4::text[], $5::numeric[], $6::text[], $7::text[])`,
      [
        cid,
        bonuses.map((e) => e.memberId),
        bonuses.map((e) => e.at),
        bonuses.map((e) => e.id),
        bonuses.map((e) => String(e.points)),
        bonuses.map((e) => orNull(e.category)),
        bonuses.map((e) => orNull(e.eventName)),
      ],
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
