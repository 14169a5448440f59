import type { Sql } from '../../db/database';

/** A bet with a side, as evidence and detection read it: amounts in base currency (as sent when no rate). */
export interface SideBetRow {
  id: string;
  member_id: string;
  game_id: string;
  round_id: string;
  side: string;
  stake: number;
  payout: number;
  at: string;
  game_type: string | null;
}

function betColumns(t: string): string {
  return `${t}.id, ${t}.member_id, ${t}.game_id, ${t}.round_id, ${t}.side, COALESCE(${t}.stake_base, ${t}.stake) AS stake,
  COALESCE(${t}.payout_base, ${t}.payout) AS payout, ${t}.at, ${t}.game_type`;
}
const BET_COLUMNS = betColumns('bet');

/** Every bet with a side at or after `from` (detector rebuild), oldest first. */
export async function findSideBetsSince(sql: Sql, cid: number, from: string): Promise<SideBetRow[]> {
  const { rows } = await sql.query<SideBetRow>(
    `SELECT ${BET_COLUMNS} FROM bet WHERE cid = $1 AND at >= $2 AND side IS NOT NULL ORDER BY at, id`,
    [cid, from],
  );
  return rows;
}

/** The members' bets with a side in (from, to]. */
export async function findMemberSideBets(
  sql: Sql,
  cid: number,
  members: readonly string[],
  from: string,
  to: string,
): Promise<SideBetRow[]> {
  const { rows } = await sql.query<SideBetRow>(
    `SELECT ${BET_COLUMNS} FROM bet
      WHERE cid = $1 AND member_id = ANY($2::text[]) AND at > $3 AND at <= $4 AND side IS NOT NULL
      ORDER BY at, id`,
    [cid, members, from, to],
  );
  return rows;
}

/**
 * The members' bets with a side in [from, to) and every bet with a side by another member in the same
 * rounds (search): `of` is the member searched for, or null for the counterpart's bets.
 */
export async function findOpposingRoundBets(
  sql: Sql,
  cid: number,
  members: readonly string[],
  from: string,
  to: string,
): Promise<SideBetRow[]> {
  const { rows } = await sql.query<SideBetRow>(
    `WITH mine AS (
       SELECT DISTINCT game_id, round_id FROM bet
        WHERE cid = $1 AND member_id = ANY($2::text[]) AND at >= $3 AND at < $4 AND side IS NOT NULL
     )
     SELECT ${betColumns('b')}
       FROM mine m JOIN bet b ON b.cid = $1 AND b.game_id = m.game_id AND b.round_id = m.round_id
      WHERE b.side IS NOT NULL
      ORDER BY b.at, b.id`,
    [cid, members, from, to],
  );
  return rows;
}

/** IPs and devices (logins and registrations) used by more than one of `members`. */
export async function findSharedLinks(
  sql: Sql,
  cid: number,
  members: readonly string[],
): Promise<{ kind: 'ip' | 'device'; value: string; member_ids: string[] }[]> {
  if (members.length < 2) return [];
  const { rows } = await sql.query<{ kind: 'ip' | 'device'; value: string; member_ids: string[] }>(
    `WITH used AS (
       SELECT 'ip' AS kind, host(ip) AS value, member_id FROM login WHERE cid = $1 AND member_id = ANY($2::text[])
       UNION SELECT 'ip', host(ip), member_id FROM registration WHERE cid = $1 AND member_id = ANY($2::text[])
       UNION SELECT 'device', device, member_id FROM login WHERE cid = $1 AND member_id = ANY($2::text[]) AND device IS NOT NULL
       UNION SELECT 'device', device, member_id FROM registration WHERE cid = $1 AND member_id = ANY($2::text[]) AND device IS NOT NULL
     )
     SELECT kind, value, array_agg(DISTINCT member_id ORDER BY member_id) AS member_ids
       FROM used GROUP BY kind, value HAVING count(DISTINCT member_id) > 1
      ORDER BY kind, value`,
    [cid, members],
  );
  return rows;
}

/**
 * Per member: bonus points received in (from, to], and the turnover (stake, base currency) from the
 * first of those bonuses up to `to` (the VTCheck turnover after the bonus).
 */
export async function findBonusTurnover(
  sql: Sql,
  cid: number,
  members: readonly string[],
  from: string,
  to: string,
): Promise<{ member_id: string; points: number; first_at: string; turnover: number }[]> {
  const { rows } = await sql.query<{ member_id: string; points: number; first_at: string; turnover: number }>(
    `WITH b AS (
       SELECT member_id, sum(points) AS points, min(at) AS first_at FROM bonus
        WHERE cid = $1 AND member_id = ANY($2::text[]) AND at > $3 AND at <= $4 GROUP BY member_id
     )
     SELECT b.member_id, b.points, b.first_at,
            COALESCE((SELECT sum(COALESCE(t.stake_base, t.stake)) FROM bet t
                       WHERE t.cid = $1 AND t.member_id = b.member_id AND t.at >= b.first_at AND t.at <= $4), 0) AS turnover
       FROM b ORDER BY b.member_id`,
    [cid, members, from, to],
  );
  return rows;
}
