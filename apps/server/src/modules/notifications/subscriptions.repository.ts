import type { Language, ReportFrequency } from '@pitboss/contract';
import type { Sql } from '../../db/database';

/** Subscribed reports (migration 0703) and the figures of a report (read from the alert and rollup tables). */
export interface SubscriptionRow {
  id: number;
  name: string;
  frequency: ReportFrequency;
  hour: number;
  week_day: number;
  mails: string[];
  language: Language | null;
  channel: 'Email';
  enabled: boolean;
  version: number;
  next_send_at: string | null;
  next_period_start: string | null;
  next_period_end: string | null;
  last_sent_at: string | null;
  created_at: string;
}

export interface SubscriptionInput {
  name: string;
  frequency: ReportFrequency;
  hour: number;
  weekDay: number;
  mails: string[];
  language: Language | null;
  channel: 'Email';
  enabled: boolean;
}

const COLUMNS = `id, name, frequency, hour, week_day, mails, language, channel, enabled, version, next_send_at,
  next_period_start, next_period_end, last_sent_at, created_at`;

export async function listSubscriptions(sql: Sql, cid: number): Promise<SubscriptionRow[]> {
  const { rows } = await sql.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM notice_subscription WHERE cid = $1 ORDER BY id`,
    [cid],
  );
  return rows;
}

/** The subscription, locked for the caller's transaction when `lock`. */
export async function findSubscription(
  sql: Sql,
  cid: number,
  id: number,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const { rows } = await sql.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM notice_subscription WHERE cid = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [cid, id],
  );
  return rows[0];
}

export async function insertSubscription(sql: Sql, cid: number, s: SubscriptionInput): Promise<SubscriptionRow> {
  const { rows } = await sql.query<SubscriptionRow>(
    `INSERT INTO notice_subscription (cid, name, frequency, hour, week_day, mails, language, channel, enabled)
     VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $8, $9)
     RETURNING ${COLUMNS}`,
    [cid, s.name, s.frequency, s.hour, s.weekDay, s.mails, s.language, s.channel, s.enabled],
  );
  return rows[0] as SubscriptionRow;
}

/** Changes the subscription and bumps its version (so a report scheduled before is skipped). */
export async function updateSubscription(
  sql: Sql,
  cid: number,
  id: number,
  s: SubscriptionInput,
): Promise<SubscriptionRow | undefined> {
  const { rows } = await sql.query<SubscriptionRow>(
    `UPDATE notice_subscription
        SET name = $3, frequency = $4, hour = $5, week_day = $6, mails = $7::text[], language = $8, channel = $9,
            enabled = $10, version = version + 1, updated_at = now()
      WHERE cid = $1 AND id = $2
      RETURNING ${COLUMNS}`,
    [cid, id, s.name, s.frequency, s.hour, s.weekDay, s.mails, s.language, s.channel, s.enabled],
  );
  return rows[0];
}

export async function setNextRun(
  sql: Sql,
  cid: number,
  id: number,
  run: { sendAt: Date; periodStart: Date; periodEnd: Date } | null,
): Promise<void> {
  await sql.query(
    `UPDATE notice_subscription SET next_send_at = $3, next_period_start = $4, next_period_end = $5
      WHERE cid = $1 AND id = $2`,
    [
      cid,
      id,
      run?.sendAt.toISOString() ?? null,
      run?.periodStart.toISOString() ?? null,
      run?.periodEnd.toISOString() ?? null,
    ],
  );
}

export async function markReportQueued(sql: Sql, cid: number, id: number, periodStart: string): Promise<void> {
  await sql.query(
    `UPDATE notice_subscription SET last_sent_at = now(), last_period_start = $3 WHERE cid = $1 AND id = $2`,
    [cid, id, periodStart],
  );
}

export async function deleteSubscription(sql: Sql, cid: number, id: number): Promise<boolean> {
  const { rowCount } = await sql.query('DELETE FROM notice_subscription WHERE cid = $1 AND id = $2', [cid, id]);
  return (rowCount ?? 0) > 0;
}

/** The language of the user with each address (lower-cased), when there is one. */
export async function languagesOf(sql: Sql, mails: readonly string[]): Promise<Map<string, Language>> {
  const { rows } = await sql.query<{ mail: string; language: Language }>(
    `SELECT DISTINCT ON (lower(mail)) lower(mail) AS mail, language FROM app_user
      WHERE lower(mail) = ANY($1::text[]) AND language IS NOT NULL ORDER BY lower(mail), aid`,
    [mails.map((m) => m.toLowerCase())],
  );
  return new Map(rows.map((r) => [r.mail, r.language]));
}

/** The figures of one report over [start, end). */
export interface ReportFigures {
  byTypeAndLevel: { event_type: number; level: number; count: number }[];
  gameAlerts: { level: number; count: number }[];
  launderingAlerts: { level: number; count: number }[];
  topMembers: { member_id: string; count: number; max_level: number }[];
  offRtpGames: { game_id: string; event_name: string; level: number; observed: number; expected: number }[];
  totals: { turnover: number; payout: number; bets: number };
}

export async function reportFigures(sql: Sql, cid: number, start: string, end: string): Promise<ReportFigures> {
  const p = [cid, start, end];
  const byTypeAndLevel = await sql.query<{ event_type: number; level: number; count: number }>(
    `SELECT event_type::int, level::int, count(*)::int AS count FROM player_alert
      WHERE cid = $1 AND window_end >= $2 AND window_end < $3 GROUP BY 1, 2 ORDER BY 1, 2`,
    p,
  );
  const gameAlerts = await sql.query<{ level: number; count: number }>(
    `SELECT level::int, count(*)::int AS count FROM game_rtp_alert
      WHERE cid = $1 AND window_end >= $2 AND window_end < $3 GROUP BY 1 ORDER BY 1`,
    p,
  );
  const launderingAlerts = await sql.query<{ level: number; count: number }>(
    `SELECT level::int, count(*)::int AS count FROM laundering_alert
      WHERE cid = $1 AND window_end >= $2 AND window_end < $3 GROUP BY 1 ORDER BY 1`,
    p,
  );
  const topMembers = await sql.query<{ member_id: string; count: number; max_level: number }>(
    `SELECT member_id, count(*)::int AS count, max(level)::int AS max_level FROM player_alert
      WHERE cid = $1 AND window_end >= $2 AND window_end < $3 AND member_id <> ''
      GROUP BY member_id ORDER BY count(*) DESC, member_id LIMIT 10`,
    p,
  );
  const offRtpGames = await sql.query<{
    game_id: string;
    event_name: string;
    level: number;
    observed: number;
    expected: number;
  }>(
    `SELECT DISTINCT ON (game_id) game_id, event_name, level::int, observed_rtp AS observed, expected_rtp AS expected
       FROM game_rtp_alert WHERE cid = $1 AND window_end >= $2 AND window_end < $3
      ORDER BY game_id, level DESC, window_end DESC
      LIMIT 20`,
    p,
  );
  const totals = await sql.query<{ turnover: number; payout: number; bets: number }>(
    `SELECT COALESCE(sum(stake_base), 0)::float8 AS turnover, COALESCE(sum(payout_base), 0)::float8 AS payout,
            COALESCE(sum(bets), 0)::int AS bets
       FROM game_hour WHERE cid = $1 AND hour >= $2 AND hour < $3`,
    p,
  );
  return {
    byTypeAndLevel: byTypeAndLevel.rows,
    gameAlerts: gameAlerts.rows,
    launderingAlerts: launderingAlerts.rows,
    topMembers: topMembers.rows,
    offRtpGames: offRtpGames.rows,
    totals: totals.rows[0] ?? { turnover: 0, payout: 0, bets: 0 },
  };
}
