import type { EvidenceEvent } from '@pitboss/contract';
import type { Sql } from '../../db/database';

/** The evidence of an alert stored with it. */
export async function findEvidence(
  sql: Sql,
  cid: number,
  alertId: number,
): Promise<{ eventIds: string[]; eventCount: number; localDay: string; windowEnd: string } | undefined> {
  const { rows } = await sql.query<{ event_ids: string[]; event_count: number; local_day: string; window_end: string }>(
    `SELECT a.event_ids, a.event_count, (a.window_end AT TIME ZONE c.time_zone)::date AS local_day, a.window_end
       FROM player_alert a JOIN company c ON c.cid = a.cid
      WHERE a.cid = $1 AND a.alert_id = $2`,
    [cid, alertId],
  );
  const row = rows[0];
  return (
    row && { eventIds: row.event_ids, eventCount: row.event_count, localDay: row.local_day, windowEnd: row.window_end }
  );
}

/** Per event table: the fields of `EvidenceEvent` it has (absent ones left out; AmountBase null without a rate). */
const DETAILS: Record<EvidenceEvent['Type'], { table: string; fields: string }> = {
  bet: {
    table: 'bet',
    fields: `jsonb_strip_nulls(jsonb_build_object('GameID', e.game_id, 'RoundID', e.round_id, 'Side', e.side,
      'Stake', e.stake, 'Payout', e.payout, 'Currency', e.currency))`,
  },
  login: {
    table: 'login',
    fields: `jsonb_strip_nulls(jsonb_build_object('IP', host(e.ip), 'Device', e.device))`,
  },
  register: {
    table: 'registration',
    fields: `jsonb_strip_nulls(jsonb_build_object('IP', host(e.ip), 'Device', e.device))`,
  },
  purchase: {
    table: 'purchase',
    fields: `jsonb_build_object('Amount', e.amount, 'Currency', e.currency, 'AmountBase', e.amount_base)`,
  },
  transfer: {
    table: 'transfer',
    fields: `jsonb_build_object('Amount', e.amount, 'Currency', e.currency, 'AmountBase', e.amount_base,
      'Direction', e.direction)`,
  },
  bonus: { table: 'bonus', fields: `jsonb_build_object('Points', e.points)` },
};

/**
 * The stored events with these ids, oldest first: found by id through `stored_event` (bets by their
 * own id index, other types through the ledger), then each in its type's table by its primary key.
 */
export async function findEvents(sql: Sql, cid: number, ids: readonly string[]): Promise<EvidenceEvent[]> {
  if (ids.length === 0) return [];
  const parts = Object.entries(DETAILS).map(
    ([type, { table, fields }]) =>
      `SELECT l.id, l.type, l.at, l.member_id, ${fields} AS details
         FROM ledger l JOIN ${table} e ON e.cid = $1 AND e.member_id = l.member_id AND e.at = l.at AND e.id = l.id
        WHERE l.type = '${type}'`,
  );
  const { rows } = await sql.query<{
    id: string;
    type: EvidenceEvent['Type'];
    at: string;
    member_id: string;
    details: Partial<EvidenceEvent>;
  }>(
    `WITH ledger AS MATERIALIZED (SELECT id, type, at, member_id FROM stored_event WHERE cid = $1 AND id = ANY($2::text[]))
     ${parts.join('\n     UNION ALL\n     ')}
     ORDER BY at, id`,
    [cid, ids],
  );
  return rows.map((r) => ({ ID: r.id, Type: r.type, At: r.at, MemberID: r.member_id, ...r.details }));
}

export interface MemberRow {
  MemberID: string;
  NickName: string;
  VIPLevel: number;
  Account: string;
  Mobile: string;
  RegisterIP: string;
  RegisteredAt: string | null;
  FirstSeen: string | null;
  LastSeen: string | null;
}

export async function findMember(sql: Sql, cid: number, memberId: string): Promise<MemberRow | undefined> {
  const { rows } = await sql.query<MemberRow>(
    `SELECT member_id AS "MemberID", nick_name AS "NickName", vip_level AS "VIPLevel", account AS "Account",
            mobile AS "Mobile", COALESCE(register_ip, '') AS "RegisterIP", registered_at AS "RegisteredAt",
            first_seen_at AS "FirstSeen", last_seen_at AS "LastSeen"
       FROM member WHERE cid = $1 AND member_id = $2`,
    [cid, memberId],
  );
  return rows[0];
}

export interface MemberDay {
  Day: string;
  Bets: number;
  Stake: number;
  Payout: number;
  Wins: number;
  TopUps: number;
  TransfersIn: number;
  TransfersOut: number;
  BonusPoints: number;
  Logins: number;
}

/** The member's daily rollups (company time zone) from `firstDay` to `lastDay`, amounts in base currency. */
export async function findMemberDays(
  sql: Sql,
  cid: number,
  memberId: string,
  firstDay: string,
  lastDay: string,
): Promise<MemberDay[]> {
  const { rows } = await sql.query<MemberDay>(
    `SELECT day AS "Day", bets AS "Bets", stake_base AS "Stake", payout_base AS "Payout", wins AS "Wins",
            purchase_base AS "TopUps", transfer_in_base AS "TransfersIn", transfer_out_base AS "TransfersOut",
            bonus_points AS "BonusPoints", logins AS "Logins"
       FROM member_day WHERE cid = $1 AND member_id = $2 AND day BETWEEN $3::date AND $4::date ORDER BY day`,
    [cid, memberId, firstDay, lastDay],
  );
  return rows;
}

/** How many other alerts the member has whose event time lies in (from, to]. */
export async function countOtherAlerts(
  sql: Sql,
  cid: number,
  memberId: string,
  alertId: number,
  from: string,
  to: string,
): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM player_alert
      WHERE cid = $1 AND member_id = $2 AND window_end > $3 AND window_end <= $4 AND alert_id <> $5`,
    [cid, memberId, from, to, alertId],
  );
  return rows[0]?.n ?? 0;
}
