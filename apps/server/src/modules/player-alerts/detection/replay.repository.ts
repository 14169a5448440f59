import { type EngineEvent, type EngineEventSource, toEngineEvent } from '@pitboss/engine';
import type { Sql } from '../../../db/database';

/** Epoch milliseconds of `at`, truncated as `Date.parse` truncates sub-millisecond digits. */
const COMMON = `id, member_id AS "memberId", floor(extract(epoch FROM at) * 1000)::float8 AS "atMs"`;

/** Per event table: the columns an engine event is built from, named as `toEngineEvent` reads them. */
const TABLES: { table: string; columns: string }[] = [
  { table: 'bet', columns: `'bet' AS type, ${COMMON}, stake::float8 AS stake, payout::float8 AS payout` },
  { table: 'login', columns: `'login' AS type, ${COMMON}, host(ip) AS ip, device, success` },
  { table: 'registration', columns: `'register' AS type, ${COMMON}, host(ip) AS ip, device` },
  { table: 'purchase', columns: `'purchase' AS type, ${COMMON}, amount_base::text AS base` },
  { table: 'transfer', columns: `'transfer' AS type, ${COMMON}, amount_base::text AS base` },
  { table: 'bonus', columns: `'bonus' AS type, ${COMMON}, points::float8 AS points` },
];

type Row = EngineEventSource & { base?: string | null };

/** The company's stored events whose time is in [from, to) (epoch ms), as engine events, in no particular order. */
export async function readEvents(sql: Sql, cid: number, fromMs: number, toMs: number): Promise<EngineEvent[]> {
  const from = new Date(fromMs).toISOString();
  const to = Number.isFinite(toMs) ? new Date(toMs).toISOString() : 'infinity';
  const events: EngineEvent[] = [];
  for (const { table, columns } of TABLES) {
    const { rows } = await sql.query<Row>(
      `SELECT ${columns} FROM ${table} WHERE cid = $1 AND at >= $2::timestamptz AND at < $3::timestamptz`,
      [cid, from, to],
    );
    for (const row of rows) events.push(toEngineEvent(row, row.base == null ? null : Number(row.base)));
  }
  return events;
}
