import type { EngineEvent } from '@pitboss/engine';
import type { Sql } from '../../db/database';

/** Epoch milliseconds of `at`, truncated as `Date.parse` truncates sub-millisecond digits. */
const MS = `floor(extract(epoch FROM at) * 1000)::float8 AS time`;

/** Per event table: the columns the engine needs, and how a row becomes an `EngineEvent`. */
const TABLES: { table: string; columns: string; toEvent(row: Record<string, unknown>): EngineEvent }[] = [
  {
    table: 'bet',
    columns: `id, member_id, ${MS}, stake::float8 AS stake, payout::float8 AS payout`,
    toEvent: (r) => ({
      type: 'bet',
      id: r.id as string,
      time: r.time as number,
      memberId: r.member_id as string,
      stake: r.stake as number,
      payout: r.payout as number,
    }),
  },
  {
    table: 'login',
    columns: `id, member_id, ${MS}, host(ip) AS ip, device, success`,
    toEvent: (r) => ({
      type: 'login',
      id: r.id as string,
      time: r.time as number,
      memberId: r.member_id as string,
      ip: r.ip as string,
      ...(r.device === null ? {} : { device: r.device as string }),
      success: r.success as boolean,
    }),
  },
  {
    table: 'registration',
    columns: `id, member_id, ${MS}, host(ip) AS ip, device`,
    toEvent: (r) => ({
      type: 'register',
      id: r.id as string,
      time: r.time as number,
      memberId: r.member_id as string,
      ip: r.ip as string,
      ...(r.device === null ? {} : { device: r.device as string }),
    }),
  },
  {
    table: 'purchase',
    columns: `id, member_id, ${MS}, amount_base::text AS base`,
    toEvent: (r) => ({
      type: 'purchase',
      id: r.id as string,
      time: r.time as number,
      memberId: r.member_id as string,
      baseAmount: r.base === null ? null : Number(r.base),
    }),
  },
  {
    table: 'transfer',
    columns: `id, member_id, ${MS}, amount_base::text AS base`,
    toEvent: (r) => ({
      type: 'transfer',
      id: r.id as string,
      time: r.time as number,
      memberId: r.member_id as string,
      baseAmount: r.base === null ? null : Number(r.base),
    }),
  },
  {
    table: 'bonus',
    columns: `id, member_id, ${MS}, points::float8 AS points`,
    toEvent: (r) => ({
      type: 'bonus',
      id: r.id as string,
      time: r.time as number,
      memberId: r.member_id as string,
      points: r.points as number,
    }),
  },
];

/** The company's stored events whose time is in [from, to) (epoch ms), as engine events, in no particular order. */
export async function readEvents(sql: Sql, cid: number, fromMs: number, toMs: number): Promise<EngineEvent[]> {
  const from = new Date(fromMs).toISOString();
  const to = Number.isFinite(toMs) ? new Date(toMs).toISOString() : 'infinity';
  const events: EngineEvent[] = [];
  for (const { table, columns, toEvent } of TABLES) {
    const { rows } = await sql.query(
      `SELECT ${columns} FROM ${table} WHERE cid = $1 AND at >= $2::timestamptz AND at < $3::timestamptz`,
      [cid, from, to],
    );
    for (const row of rows) events.push(toEvent(row));
  }
  return events;
}
