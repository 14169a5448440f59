import type { Database, Sql } from '../../db/database';
import { likePattern, sqlOrder } from '../../db/sql';

/**
 * Every SQL of the check tools. A call reads the range [Start, End] of calendar days of the company's
 * time zone: rollups by `day` directly, raw events by `at` from local midnight of Start to local midnight
 * after End, hourly rollups by their UTC hour within those instants. Money sums are the base-currency
 * columns. Lists are built as a `base` query whose columns are the wire's field names, so a sort field
 * is its column; `pageOf` pages and totals it.
 */

export interface Range {
  cid: number;
  start: string;
  end: string;
  timeZone: string;
}

export interface Page {
  PageNumber: number;
  PageSize: number;
  sort: { field: string; order: 'Desc' | 'Asc' };
  /** Set: the whole result is wanted as a file; `pageOf` answers the statement (`Listed.query`) instead of a page. */
  Export?: 'csv' | 'xlsx' | undefined;
}

/** Positional parameters for a statement: `p(value)` returns `$n`. The first four are the range's. */
class Params {
  readonly values: unknown[];
  constructor(range: Range) {
    this.values = [range.cid, range.start, range.end, range.timeZone];
  }
  p(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const CID = '$1';
const DAY_IN_RANGE = (column: string) => `${column} BETWEEN $2::date AND $3::date`;
const FROM_AT = `($2::date::timestamp AT TIME ZONE $4)`;
const TO_AT = `(($3::date + 1)::timestamp AT TIME ZONE $4)`;
const AT_IN_RANGE = (column: string) => `${column} >= ${FROM_AT} AND ${column} < ${TO_AT}`;

/** The member filters every body has: MemberIDs, and NickName (contains, case-insensitive). */
interface MemberFilter {
  MemberIDs?: string[] | undefined;
  NickName?: string | undefined;
}

function memberWhere(params: Params, f: MemberFilter, column: string): string {
  const parts: string[] = [];
  if (f.MemberIDs) parts.push(`${column} = ANY(${params.p(f.MemberIDs)}::text[])`);
  if (f.NickName) {
    parts.push(
      `${column} IN (SELECT member_id FROM member WHERE cid = ${CID} AND nick_name ILIKE ${params.p(likePattern(f.NickName))})`,
    );
  }
  return parts.length ? ` AND ${parts.join(' AND ')}` : '';
}

const NICK = (column: string) =>
  `COALESCE((SELECT nick_name FROM member m WHERE m.cid = ${CID} AND m.member_id = ${column}), '')`;

/** Types the range's parameters in every statement, whichever of them its query uses. */
const RANGE_TYPES =
  'range_params AS (SELECT $1::int AS cid, $2::date AS start_day, $3::date AS end_day, $4::text AS time_zone)';

export interface Listed<R> {
  rows: R[];
  total: number;
  totals: Record<string, unknown>;
  /** For an export: the statement of every row in the requested order, for `cursorBatches`. */
  query?: { text: string; values: unknown[] };
}

/**
 * One page of `base` in the requested order (the sort field is a column of `base`, `tiebreak` keeps the
 * order stable), the count of its rows and `totals` (select list over `base`). `decorate` wraps the
 * page (`page`) to add columns that are costly per row, so they are computed for the page only.
 * `counted`, when set, is a statement answering the count (`__count`) and the totals from the rollups
 * instead of from `base` (the same figures, without reading every row of the range); it must use every
 * parameter `base` uses (unused parameters have no type).
 */
async function pageOf<R>(
  sql: Sql,
  params: Params,
  base: string,
  page: Page,
  options: { tiebreak: string; totals?: string; decorate?: string; counted?: string },
): Promise<Listed<R>> {
  const order = `"${page.sort.field}" ${sqlOrder(page.sort.order)} NULLS LAST, ${options.tiebreak}`;
  if (page.Export) {
    // Every row: `page` is the ordered result, and the decoration (a select list, or a lateral join
    // on `page`) keeps its order without sorting the decorated rows again.
    const text = `WITH ${RANGE_TYPES}, base AS (${base}), page AS (SELECT * FROM base ORDER BY ${order})
      ${options.decorate ?? 'SELECT * FROM page'}`;
    return { rows: [], total: 0, totals: {}, query: { text, values: params.values } };
  }
  const limit = params.p(page.PageSize);
  const offset = params.p((page.PageNumber - 1) * page.PageSize);
  const rowsSql = `WITH ${RANGE_TYPES}, base AS (${base}), page AS (SELECT * FROM base ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})
    ${options.decorate ?? 'SELECT * FROM page'} ORDER BY ${order}`;
  const totalsSql = options.counted
    ? `WITH ${RANGE_TYPES} ${options.counted}`
    : `WITH ${RANGE_TYPES}, base AS (${base}) SELECT count(*)::int AS "__count"${options.totals ? `, ${options.totals}` : ''} FROM base`;
  const [rows, totals] = await Promise.all([
    sql.query<R & Record<string, unknown>>(rowsSql, params.values),
    sql.query<Record<string, unknown>>(totalsSql, params.values.slice(0, params.values.length - 2)),
  ]);
  const { __count, ...rest } = totals.rows[0] ?? { __count: 0 };
  return { rows: rows.rows, total: Number(__count ?? 0), totals: rest };
}

export async function companyZone(sql: Sql, cid: number): Promise<{ timeZone: string; baseCurrency: string }> {
  const { rows } = await sql.query<{ time_zone: string; base_currency: string }>(
    'SELECT time_zone, base_currency FROM company WHERE cid = $1',
    [cid],
  );
  return { timeZone: rows[0]?.time_zone ?? 'UTC', baseCurrency: rows[0]?.base_currency ?? 'USD' };
}

const PLAY_SUMS = (prefix = '') => `
  sum(${prefix}bets)::int AS "Bets",
  COALESCE(sum(${prefix}stake_base), 0)::float8 AS "Bet",
  COALESCE(sum(${prefix}payout_base), 0)::float8 AS "Payout",
  COALESCE(sum(${prefix}payout_base) - sum(${prefix}stake_base), 0)::float8 AS "WinLose",
  (sum(${prefix}payout_base) / NULLIF(sum(${prefix}stake_base), 0))::float8 AS "RTP",
  sum(${prefix}unconverted)::int AS "Unconverted"`;

const PLAY_TOTALS = `COALESCE(sum("Bets"), 0)::int AS "Bets", COALESCE(sum("Bet"), 0)::float8 AS "Bet",
  COALESCE(sum("Payout"), 0)::float8 AS "Payout", COALESCE(sum("WinLose"), 0)::float8 AS "WinLose",
  (sum("Payout") / NULLIF(sum("Bet"), 0))::float8 AS "RTP", COALESCE(sum("Unconverted"), 0)::int AS "Unconverted"`;

/** PLAY_TOTALS straight from a rollup's rows (member_day, game_day, game_member_day). */
const ROLLUP_PLAY_TOTALS = `COALESCE(sum(bets), 0)::int AS "Bets", COALESCE(sum(stake_base), 0)::float8 AS "Bet",
  COALESCE(sum(payout_base), 0)::float8 AS "Payout", COALESCE(sum(payout_base) - sum(stake_base), 0)::float8 AS "WinLose",
  (sum(payout_base) / NULLIF(sum(stake_base), 0))::float8 AS "RTP", COALESCE(sum(unconverted), 0)::int AS "Unconverted"`;

const MEMBER_COLUMNS = `m.member_id AS "MemberID", m.nick_name AS "NickName", m.account AS "Account", m.mobile AS "Mobile",
  m.vip_level AS "VIPLevel", COALESCE(m.register_ip, '') AS "RegisterIP", COALESCE(m.register_device, '') AS "RegisterDevice",
  m.registered_at AS "RegisteredAt", m.first_seen_at AS "FirstSeen", m.last_seen_at AS "LastSeen"`;

// ─── members ─────────────────────────────────────────────────────────────────────────────────────────

export function searchMembers(
  sql: Sql,
  range: Range,
  q: MemberFilter & Page & { Mobile?: string | undefined; Account?: string | undefined },
) {
  const params = new Params(range);
  const where: string[] = [];
  if (q.MemberIDs) where.push(`m.member_id = ANY(${params.p(q.MemberIDs)}::text[])`);
  if (q.NickName) where.push(`m.nick_name ILIKE ${params.p(likePattern(q.NickName))}`);
  if (q.Mobile) where.push(`m.mobile ILIKE ${params.p(likePattern(q.Mobile))}`);
  if (q.Account) where.push(`m.account ILIKE ${params.p(likePattern(q.Account))}`);
  const base = `SELECT ${MEMBER_COLUMNS} FROM member m WHERE m.cid = ${CID}${where.map((w) => ` AND ${w}`).join('')}`;
  return pageOf(sql, params, base, q, { tiebreak: '"MemberID"' });
}

/** A member's sums over member-days, the overview's figures. */
const MEMBER_SUMS = `${PLAY_SUMS()}, sum(bets)::int AS "Rounds",
  sum(purchases)::int AS "TopUps", COALESCE(sum(purchase_base), 0)::float8 AS "TopUp",
  sum(transfers_in)::int AS "TransfersIn", COALESCE(sum(transfer_in_base), 0)::float8 AS "TransferIn",
  sum(transfers_out)::int AS "TransfersOut", COALESCE(sum(transfer_out_base), 0)::float8 AS "TransferOut",
  sum(bonuses)::int AS "Bonuses", COALESCE(sum(bonus_points), 0)::float8 AS "BonusPoints",
  sum(logins)::int AS "Logins", sum(failed_logins)::int AS "FailedLogins"`;

/** The overview's sort fields as one sum over member-days each (the ranking reads only that column). */
const OVERVIEW_RANK: Record<string, string> = {
  MemberID: 'min(member_id)',
  Rounds: 'sum(bets)::int',
  Bet: 'COALESCE(sum(stake_base), 0)::float8',
  Payout: 'COALESCE(sum(payout_base), 0)::float8',
  WinLose: 'COALESCE(sum(payout_base) - sum(stake_base), 0)::float8',
  TopUp: 'COALESCE(sum(purchase_base), 0)::float8',
  TransferIn: 'COALESCE(sum(transfer_in_base), 0)::float8',
  TransferOut: 'COALESCE(sum(transfer_out_base), 0)::float8',
  BonusPoints: 'COALESCE(sum(bonus_points), 0)::float8',
};

const OVERVIEW_TOTALS = `${PLAY_TOTALS}, COALESCE(sum("Rounds"), 0)::int AS "Rounds", COALESCE(sum("TopUps"), 0)::int AS "TopUps",
  COALESCE(sum("TopUp"), 0)::float8 AS "TopUp", COALESCE(sum("TransfersIn"), 0)::int AS "TransfersIn",
  COALESCE(sum("TransferIn"), 0)::float8 AS "TransferIn", COALESCE(sum("TransfersOut"), 0)::int AS "TransfersOut",
  COALESCE(sum("TransferOut"), 0)::float8 AS "TransferOut", COALESCE(sum("Bonuses"), 0)::int AS "Bonuses",
  COALESCE(sum("BonusPoints"), 0)::float8 AS "BonusPoints"`;

/** Last login, lists and open alerts of a page row `p` (with `l` the lateral last login). */
const OVERVIEW_DECORATION = `l.at AS "LastLogin", COALESCE(host(l.ip), '') AS "LastLoginIP", COALESCE(l.device, '') AS "LastLoginDevice",
  ARRAY_REMOVE(ARRAY[
    CASE WHEN EXISTS (SELECT 1 FROM blacklist_member b WHERE b.cid = ${CID} AND b.member_id = p."MemberID") THEN 'BlackList' END,
    CASE WHEN EXISTS (SELECT 1 FROM whitelist_member w WHERE w.cid = ${CID} AND w.member_id = p."MemberID") THEN 'WhiteList' END
  ], NULL) AS "Lists",
  (SELECT count(*)::int FROM player_alert pa WHERE pa.cid = ${CID} AND pa.subject_kind = 'member'
     AND pa.subject_id = p."MemberID" AND pa.status = 0) AS "OpenAlerts"`;

/**
 * The overview over every member active in the range (a member-day of any event): ranked by the sort
 * field alone (one sum a member: a top-N over a narrow hash aggregate), then the page's members get
 * their profile and every sum (their member-days by primary key); the count and the totals straight
 * from the member-days (no grouping for the sums; ingest records every member of an event in `member`).
 */
function rankedOverview(sql: Sql, params: Params, q: Page) {
  const field = q.sort.field;
  const base = `SELECT member_id AS "MemberID"${field === 'MemberID' ? '' : `, ${OVERVIEW_RANK[field] ?? 'NULL'} AS "${field}"`}
    FROM member_day WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')} GROUP BY member_id`;
  const decorate = `SELECT ${MEMBER_COLUMNS},
      a."Bets", a."Bet", a."Payout", a."WinLose", a."RTP", a."Unconverted", a."Rounds", a."TopUps", a."TopUp",
      a."TransfersIn", a."TransferIn", a."TransfersOut", a."TransferOut", a."Bonuses", a."BonusPoints", a."Logins", a."FailedLogins",
      ${OVERVIEW_DECORATION}
    FROM page p JOIN member m ON m.cid = ${CID} AND m.member_id = p."MemberID"
    CROSS JOIN LATERAL (SELECT ${MEMBER_SUMS} FROM member_day d
      WHERE d.cid = ${CID} AND d.member_id = p."MemberID" AND ${DAY_IN_RANGE('d.day')}) a
    LEFT JOIN LATERAL (
      SELECT at, ip, device FROM login WHERE cid = ${CID} AND member_id = p."MemberID" AND success ORDER BY at DESC LIMIT 1
    ) l ON true`;
  const counted = `SELECT (SELECT count(*)::int FROM (SELECT member_id FROM member_day WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')}
        GROUP BY member_id) x) AS "__count", ${ROLLUP_PLAY_TOTALS}, COALESCE(sum(bets), 0)::int AS "Rounds",
      COALESCE(sum(purchases), 0)::int AS "TopUps", COALESCE(sum(purchase_base), 0)::float8 AS "TopUp",
      COALESCE(sum(transfers_in), 0)::int AS "TransfersIn", COALESCE(sum(transfer_in_base), 0)::float8 AS "TransferIn",
      COALESCE(sum(transfers_out), 0)::int AS "TransfersOut", COALESCE(sum(transfer_out_base), 0)::float8 AS "TransferOut",
      COALESCE(sum(bonuses), 0)::int AS "Bonuses", COALESCE(sum(bonus_points), 0)::float8 AS "BonusPoints"
    FROM member_day WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')}`;
  return pageOf(sql, params, base, q, { tiebreak: '"MemberID"', decorate, counted });
}

/** Profile and totals per member over the range (member_day); a member asked for by id shows without activity. */
export function memberOverview(
  sql: Sql,
  range: Range,
  q: MemberFilter & Page & { Mobile?: string | undefined; Account?: string | undefined },
) {
  if (!(q.MemberIDs || q.NickName || q.Mobile || q.Account)) return rankedOverview(sql, new Params(range), q);
  const params = new Params(range);
  let filter = memberWhere(params, q, 'member_id');
  // Mobile and Account (contains, case-insensitive): the member search keys 3 and 4.
  let profile = '';
  if (q.Mobile) profile += ` AND mobile ILIKE ${params.p(likePattern(q.Mobile))}`;
  if (q.Account) profile += ` AND account ILIKE ${params.p(likePattern(q.Account))}`;
  if (profile) filter += ` AND member_id IN (SELECT member_id FROM member WHERE cid = ${CID}${profile})`;
  const base = `WITH agg AS (
      SELECT member_id, ${MEMBER_SUMS} FROM member_day WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')}${filter} GROUP BY member_id)
    SELECT ${MEMBER_COLUMNS},
      COALESCE(a."Bets", 0) AS "Bets", COALESCE(a."Bet", 0) AS "Bet", COALESCE(a."Payout", 0) AS "Payout",
      COALESCE(a."WinLose", 0) AS "WinLose", a."RTP", COALESCE(a."Unconverted", 0) AS "Unconverted",
      COALESCE(a."Rounds", 0) AS "Rounds", COALESCE(a."TopUps", 0) AS "TopUps", COALESCE(a."TopUp", 0) AS "TopUp",
      COALESCE(a."TransfersIn", 0) AS "TransfersIn", COALESCE(a."TransferIn", 0) AS "TransferIn",
      COALESCE(a."TransfersOut", 0) AS "TransfersOut", COALESCE(a."TransferOut", 0) AS "TransferOut",
      COALESCE(a."Bonuses", 0) AS "Bonuses", COALESCE(a."BonusPoints", 0) AS "BonusPoints",
      COALESCE(a."Logins", 0) AS "Logins", COALESCE(a."FailedLogins", 0) AS "FailedLogins"
    FROM member m LEFT JOIN agg a ON a.member_id = m.member_id
    WHERE m.cid = ${CID}${memberWhere(params, q, 'm.member_id')}${profile.replaceAll(' AND ', ' AND m.')}
      AND (${q.MemberIDs || profile ? 'true' : 'a.member_id IS NOT NULL'})`;
  // A member asked for by id shows without activity; by nick name only when active in the range.
  const decorate = `SELECT p.*, ${OVERVIEW_DECORATION}
    FROM page p LEFT JOIN LATERAL (
      SELECT at, ip, device FROM login WHERE cid = ${CID} AND member_id = p."MemberID" AND success ORDER BY at DESC LIMIT 1
    ) l ON true`;
  return pageOf(sql, params, base, q, { tiebreak: '"MemberID"', totals: OVERVIEW_TOTALS, decorate });
}

// ─── games ───────────────────────────────────────────────────────────────────────────────────────────

interface GameFilter {
  GameIDs?: string[] | undefined;
  GameType?: string | undefined;
}

function gameWhere(params: Params, f: GameFilter, column: string): string {
  const parts: string[] = [];
  if (f.GameIDs) parts.push(`${column} = ANY(${params.p(f.GameIDs)}::text[])`);
  if (f.GameType) {
    parts.push(`${column} IN (SELECT game_id FROM game WHERE cid = ${CID} AND game_type = ${params.p(f.GameType)})`);
  }
  return parts.length ? ` AND ${parts.join(' AND ')}` : '';
}

/**
 * Per game: game_day (rounds) when no member filter applies, else the members' game_member_day (a
 * member's rounds are their bets). Players are distinct members over the whole range.
 */
export function gamesWinLose(sql: Sql, range: Range, q: MemberFilter & GameFilter & Page) {
  const params = new Params(range);
  const games = gameWhere(params, q, 'game_id');
  const members = memberWhere(params, q, 'member_id');
  const byMembers = members !== '';
  const players = `SELECT game_id, count(DISTINCT member_id)::int AS players FROM game_member_day
      WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')}${games}${members} GROUP BY game_id`;
  const sums = byMembers
    ? `SELECT game_id, ${PLAY_SUMS()}, sum(bets)::int AS "Rounds" FROM game_member_day
         WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')}${games}${members} GROUP BY game_id`
    : `SELECT game_id, ${PLAY_SUMS()}, sum(rounds)::int AS "Rounds" FROM game_day
         WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')}${games} GROUP BY game_id`;
  // Players (distinct members of a game over the range) are the costly column: computed for the page's
  // games only, unless the sort is by them.
  const byPlayers = q.sort.field === 'Players';
  const base = `SELECT s.game_id AS "GameID", COALESCE(g.name, s.game_id) AS "GameName", COALESCE(g.game_type, '') AS "GameType",
      s."Rounds", ${byPlayers ? 'COALESCE(pl.players, 0)' : 'NULL::int'} AS "Players", s."Bets", s."Bet", s."Payout", s."WinLose",
      s."RTP", s."Unconverted", (s."Bet" - s."Payout")::float8 AS "GGR"
    FROM (${sums}) s ${byPlayers ? `LEFT JOIN (${players}) pl ON pl.game_id = s.game_id` : ''}
    LEFT JOIN game g ON g.cid = ${CID} AND g.game_id = s.game_id`;
  const decorate = byPlayers
    ? undefined
    : `SELECT p."GameID", p."GameName", p."GameType", p."Rounds",
        (SELECT count(DISTINCT member_id)::int FROM game_member_day
          WHERE cid = ${CID} AND game_id = p."GameID" AND ${DAY_IN_RANGE('day')}${members}) AS "Players",
        p."Bets", p."Bet", p."Payout", p."WinLose", p."RTP", p."Unconverted", p."GGR"
      FROM page p`;
  // Every player of the range: the member-days with bets (member_day_played_idx), fewer rows than game-member-days.
  const allPlayers =
    games || members
      ? `SELECT count(DISTINCT member_id)::int FROM game_member_day WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')}${games}${members}`
      : `SELECT count(*)::int FROM (SELECT member_id FROM member_day WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')} AND bets > 0
           GROUP BY member_id) x`;
  const totals = `${PLAY_TOTALS}, COALESCE(sum("Rounds"), 0)::int AS "Rounds", COALESCE(sum("GGR"), 0)::float8 AS "GGR",
    (${allPlayers}) AS "Players"`;
  return pageOf(sql, params, base, q, { tiebreak: '"GameID"', totals, ...(decorate ? { decorate } : {}) });
}

/**
 * Members ranked over the range. Without a game filter from `member_day` (one row a member and day,
 * summed by a hash aggregate; the games played are counted for the page only), with one from
 * `game_member_day`. Without any filter the count is the members who bet and the totals come from
 * `game_day` (the same bets).
 */
export function membersWinLose(sql: Sql, range: Range, q: MemberFilter & GameFilter & Page) {
  const params = new Params(range);
  const games = gameWhere(params, q, 'game_id');
  const members = memberWhere(params, q, 'member_id');
  if (games) {
    const base = `SELECT member_id AS "MemberID", ${NICK('gmd.member_id')} AS "NickName", count(DISTINCT game_id)::int AS "Games", ${PLAY_SUMS()}
      FROM game_member_day gmd WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')}${games}${members} GROUP BY member_id`;
    return pageOf(sql, params, base, q, { tiebreak: '"MemberID"', totals: PLAY_TOTALS });
  }
  // Ranked by the sort field alone (one or two sums a member), then the page's members get their sums
  // (their member-days by primary key), nick name and games.
  const field = q.sort.field;
  const rank: Record<string, string> = {
    Bets: 'sum(bets)::int',
    Bet: 'COALESCE(sum(stake_base), 0)::float8',
    Payout: 'COALESCE(sum(payout_base), 0)::float8',
    WinLose: 'COALESCE(sum(payout_base) - sum(stake_base), 0)::float8',
    RTP: '(sum(payout_base) / NULLIF(sum(stake_base), 0))::float8',
  };
  const base = `SELECT member_id AS "MemberID"${field === 'MemberID' ? '' : `, ${rank[field] ?? 'NULL'} AS "${field}"`}
    FROM member_day WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')} AND bets > 0${members} GROUP BY member_id`;
  const decorate = `SELECT p."MemberID", ${NICK('p."MemberID"')} AS "NickName", a."Games",
      a."Bets", a."Bet", a."Payout", a."WinLose", a."RTP", a."Unconverted"
    FROM page p CROSS JOIN LATERAL (SELECT count(DISTINCT game_id)::int AS "Games", ${PLAY_SUMS()} FROM game_member_day o
      WHERE o.cid = ${CID} AND o.member_id = p."MemberID" AND ${DAY_IN_RANGE('o.day')}) a`;
  // Count and totals: over the named members' game-days, or every bet of the range (game_day).
  const counted = members
    ? `SELECT count(DISTINCT member_id)::int AS "__count", ${ROLLUP_PLAY_TOTALS}
        FROM game_member_day WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')}${members}`
    : `SELECT (SELECT count(*)::int FROM (SELECT member_id FROM member_day
          WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')} AND bets > 0 GROUP BY member_id) m) AS "__count", ${ROLLUP_PLAY_TOTALS}
        FROM game_day WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')}`;
  return pageOf(sql, params, base, q, { tiebreak: '"MemberID"', decorate, counted });
}

/**
 * Members' results by day (member_day) or UTC hour (member_hour) over the range; players are the members
 * who bet in the bucket. By day over every member: the sums from `game_day` (60 games a day, not every
 * member) and the players counted on the partial index `member_day_played_idx`.
 */
export function memberByTime(sql: Sql, range: Range, q: MemberFilter & Page & { Bucket: 'hour' | 'day' }) {
  const params = new Params(range);
  const where = memberWhere(params, q, 'member_id');
  const totals = `${PLAY_TOTALS}, COALESCE(sum("Rounds"), 0)::int AS "Rounds"`;
  if (q.Bucket === 'day' && !where) {
    const base = `SELECT s.day::text AS "Time", s."Bets" AS "Rounds", COALESCE(pl.players, 0)::int AS "Players",
        s."Bets", s."Bet", s."Payout", s."WinLose", s."RTP", s."Unconverted"
      FROM (SELECT day, ${ROLLUP_PLAY_TOTALS} FROM game_day WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')} GROUP BY day) s
      LEFT JOIN (SELECT day, count(*) AS players FROM member_day
          WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')} AND bets > 0 GROUP BY day) pl ON pl.day = s.day
      WHERE s."Bets" > 0`;
    const counted = `SELECT count(DISTINCT day)::int AS "__count", ${ROLLUP_PLAY_TOTALS}, COALESCE(sum(bets), 0)::int AS "Rounds"
      FROM game_day WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')} AND bets > 0`;
    return pageOf(sql, params, base, q, { tiebreak: '"Time"', totals, counted });
  }
  const base =
    q.Bucket === 'day'
      ? `SELECT day::text AS "Time", sum(bets)::int AS "Rounds", count(*)::int AS "Players", ${PLAY_SUMS()}
           FROM member_day WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')}${where} AND bets > 0 GROUP BY day`
      : `SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS "Time", sum(bets)::int AS "Rounds",
           count(DISTINCT member_id)::int AS "Players", ${PLAY_SUMS()}
           FROM member_hour WHERE cid = ${CID} AND ${AT_IN_RANGE('hour')}${where} AND bets > 0 GROUP BY hour`;
  return pageOf(sql, params, base, q, { tiebreak: '"Time"', totals });
}

/** One game by day (game_day) or UTC hour (game_hour) over the range. */
export function gameByTime(sql: Sql, range: Range, q: Page & { GameID: string; Bucket: 'hour' | 'day' }) {
  const params = new Params(range);
  const game = params.p(q.GameID);
  const base =
    q.Bucket === 'day'
      ? `SELECT day::text AS "Time", rounds AS "Rounds", players AS "Players", ${PLAY_SUMS()}
           FROM game_day WHERE cid = ${CID} AND game_id = ${game} AND ${DAY_IN_RANGE('day')} GROUP BY day, rounds, players`
      : `SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS "Time", rounds AS "Rounds", players AS "Players", ${PLAY_SUMS()}
           FROM game_hour WHERE cid = ${CID} AND game_id = ${game} AND ${AT_IN_RANGE('hour')} GROUP BY hour, rounds, players`;
  return pageOf(sql, params, base, q, {
    tiebreak: '"Time"',
    totals: `${PLAY_TOTALS}, COALESCE(sum("Rounds"), 0)::int AS "Rounds"`,
  });
}

/**
 * Members' rounds (bets) over the range. The page is read from `bet (cid, at)` (or the member's primary
 * key) as a top-N; the count and totals from the rollups of the same bets: `game_day` without a filter,
 * `game_member_day` with a member or game filter (its `day` is the company's local day, the range's).
 */
export function rounds(sql: Sql, range: Range, q: MemberFilter & GameFilter & Page) {
  const params = new Params(range);
  const where = `${gameWhere(params, q, 'game_id')}${memberWhere(params, q, 'member_id')}`;
  const base = `SELECT b.id AS "ID", b.round_id AS "RoundID", b.game_id AS "GameID", COALESCE(g.name, b.game_id) AS "GameName",
      b.member_id AS "MemberID", COALESCE(b.side, '') AS "Side", b.stake::float8 AS "Stake", b.payout::float8 AS "Payout",
      b.currency AS "Currency", b.stake_base::float8 AS "StakeBase", b.payout_base::float8 AS "PayoutBase",
      (b.payout_base - b.stake_base)::float8 AS "WinLose", b.at AS "CreateDate"
    FROM (SELECT * FROM bet WHERE cid = ${CID} AND ${AT_IN_RANGE('at')}${where}) b
    LEFT JOIN game g ON g.cid = ${CID} AND g.game_id = b.game_id`;
  const counted = `SELECT COALESCE(sum(bets), 0)::int AS "__count", COALESCE(sum(stake_base), 0)::float8 AS "Bet",
      COALESCE(sum(payout_base), 0)::float8 AS "Payout", COALESCE(sum(payout_base) - sum(stake_base), 0)::float8 AS "WinLose",
      COALESCE(sum(unconverted), 0)::int AS "Unconverted"
    FROM ${where ? 'game_member_day' : 'game_day'} WHERE cid = ${CID} AND ${DAY_IN_RANGE('day')}${where}`;
  return pageOf(sql, params, base, q, { tiebreak: '"ID"', counted });
}

// ─── bonus points ────────────────────────────────────────────────────────────────────────────────────

interface BonusFilter {
  Category?: string | undefined;
  EventName?: string | undefined;
}

function bonusWhere(params: Params, q: MemberFilter & BonusFilter): string {
  let where = memberWhere(params, q, 'member_id');
  if (q.Category) where += ` AND category = ${params.p(q.Category)}`;
  if (q.EventName) where += ` AND event_name = ${params.p(q.EventName)}`;
  return where;
}

export function bonusByMember(sql: Sql, range: Range, q: MemberFilter & BonusFilter & Page) {
  const params = new Params(range);
  const base = `SELECT member_id AS "MemberID", ${NICK('bo.member_id')} AS "NickName", count(*)::int AS "Count", sum(points)::float8 AS "Points"
    FROM bonus bo WHERE cid = ${CID} AND ${AT_IN_RANGE('at')}${bonusWhere(params, q)} GROUP BY member_id`;
  const totals = `COALESCE(sum("Count"), 0)::int AS "Count", COALESCE(sum("Points"), 0)::float8 AS "Points"`;
  return pageOf(sql, params, base, q, { tiebreak: '"MemberID"', totals });
}

export function bonusByCategory(sql: Sql, range: Range, q: MemberFilter & BonusFilter & Page) {
  const params = new Params(range);
  const base = `SELECT COALESCE(category, '') AS "Category", COALESCE(event_name, '') AS "EventName", count(*)::int AS "Count",
      count(DISTINCT member_id)::int AS "Members", sum(points)::float8 AS "Points"
    FROM bonus WHERE cid = ${CID} AND ${AT_IN_RANGE('at')}${bonusWhere(params, q)} GROUP BY 1, 2`;
  const totals = `COALESCE(sum("Count"), 0)::int AS "Count", COALESCE(sum("Points"), 0)::float8 AS "Points"`;
  return pageOf(sql, params, base, q, { tiebreak: '"Category", "EventName"', totals });
}

export function bonuses(sql: Sql, range: Range, q: MemberFilter & BonusFilter & Page) {
  const params = new Params(range);
  const base = `SELECT id AS "ID", member_id AS "MemberID", COALESCE(category, '') AS "Category", COALESCE(event_name, '') AS "EventName",
      points::float8 AS "Points", at AS "CreateDate"
    FROM bonus WHERE cid = ${CID} AND ${AT_IN_RANGE('at')}${bonusWhere(params, q)}`;
  const decorate = `SELECT p.*, ${NICK('p."MemberID"')} AS "NickName" FROM page p`;
  const totals = `COALESCE(sum("Points"), 0)::float8 AS "Points", count(DISTINCT "MemberID")::int AS "Members"`;
  return pageOf(sql, params, base, q, { tiebreak: '"ID"', totals, decorate });
}

/**
 * Each bonus with the turnover (base-currency stakes) the member placed from it until their next bonus
 * in the range, or the end of the range; flagged when below VTCheck × the points. Sorted by a column of
 * the bonus (the default `CreateDate Desc`), the page is a top-N of `bonus (cid, at)` and the next bonus
 * and the turnover are computed for the page's bonuses only. The `Flagged` total needs every bonus's
 * turnover: it is computed when members are named (MemberIDs, NickName) or the sort is by Turnover,
 * and is null over every member of the company.
 */
export function bonusTurnover(sql: Sql, range: Range, q: MemberFilter & Page & { VTCheck: number }) {
  const params = new Params(range);
  const vt = params.p(q.VTCheck);
  const members = memberWhere(params, q, 'member_id');
  const turnover = (b: string) => `SELECT COALESCE(sum(stake_base), 0) AS turnover FROM bet
       WHERE cid = ${CID} AND member_id = ${b}.member_id AND at >= ${b}.at AND at < ${b}.until`;
  const columns = (
    b: string,
  ) => `${b}.id AS "ID", ${b}.member_id AS "MemberID", ${NICK(`${b}.member_id`)} AS "NickName",
      COALESCE(${b}.category, '') AS "Category", COALESCE(${b}.event_name, '') AS "EventName", ${b}.points::float8 AS "Points",
      ${b}.at AS "CreateDate", t.turnover::float8 AS "Turnover", (${vt}::numeric * ${b}.points)::float8 AS "Required",
      t.turnover < ${vt}::numeric * ${b}.points AS "Flagged"`;
  const totals = `COALESCE(sum("Points"), 0)::float8 AS "Points", count(*) FILTER (WHERE "Flagged")::int AS "Flagged"`;
  if (members || q.sort.field === 'Turnover') {
    const base = `WITH b AS (
        SELECT id, member_id, category, event_name, points, at,
          COALESCE(lead(at) OVER (PARTITION BY member_id ORDER BY at, id), ${TO_AT}) AS until
        FROM bonus WHERE cid = ${CID} AND ${AT_IN_RANGE('at')}${members})
      SELECT ${columns('b')} FROM b CROSS JOIN LATERAL (${turnover('b')}) t`;
    return pageOf(sql, params, base, q, { tiebreak: '"ID"', totals });
  }
  const base = `SELECT id AS "ID", member_id, category, event_name, points, at, id, at AS "CreateDate", points AS "Points"
    FROM bonus WHERE cid = ${CID} AND ${AT_IN_RANGE('at')}`;
  // The next bonus of the member in (at, id) order, as lead() over the range would give it.
  const decorate = `SELECT ${columns('n')} FROM (
      SELECT p.*, COALESCE((SELECT min(o.at) FROM bonus o WHERE o.cid = ${CID} AND o.member_id = p.member_id
          AND (o.at, o.id) > (p.at, p.id) AND o.at < ${TO_AT}), ${TO_AT}) AS until FROM page p) n
    CROSS JOIN LATERAL (${turnover('n')}) t`;
  const counted = `SELECT count(*)::int AS "__count", COALESCE(sum(points), 0)::float8 AS "Points", NULL::int AS "Flagged"
    FROM bonus WHERE cid = ${CID} AND ${AT_IN_RANGE('at')} AND ${vt}::numeric IS NOT NULL`;
  return pageOf(sql, params, base, q, { tiebreak: '"ID"', totals, decorate, counted });
}

export async function bonusCategories(sql: Sql, cid: number) {
  const { rows } = await sql.query<{ category: string; event_names: string[] }>(
    `SELECT COALESCE(category, '') AS category, array_agg(DISTINCT COALESCE(event_name, '') ORDER BY COALESCE(event_name, '')) AS event_names
       FROM bonus WHERE cid = $1 GROUP BY 1 ORDER BY 1`,
    [cid],
  );
  return rows.map((r) => ({ Category: r.category, EventNames: r.event_names }));
}

// ─── top-ups, transfers, logins ──────────────────────────────────────────────────────────────────────

export function purchases(
  sql: Sql,
  range: Range,
  q: MemberFilter &
    Page & { Platform?: string | undefined; PaymentName?: string | undefined; Category?: string | undefined },
) {
  const params = new Params(range);
  let where = memberWhere(params, q, 'member_id');
  if (q.Platform) where += ` AND platform = ${params.p(q.Platform)}`;
  if (q.PaymentName) where += ` AND payment_name = ${params.p(q.PaymentName)}`;
  if (q.Category) where += ` AND category = ${params.p(q.Category)}`;
  const base = `SELECT id AS "ID", member_id AS "MemberID", amount::float8 AS "Amount", currency AS "Currency",
      amount_base::float8 AS "AmountBase", COALESCE(platform, '') AS "Platform", COALESCE(payment_name, '') AS "PaymentName",
      COALESCE(category, '') AS "Category", at AS "CreateDate"
    FROM purchase WHERE cid = ${CID} AND ${AT_IN_RANGE('at')}${where}`;
  const decorate = `SELECT p.*, ${NICK('p."MemberID"')} AS "NickName" FROM page p`;
  const totals = `COALESCE(sum("AmountBase"), 0)::float8 AS "AmountBase", count(DISTINCT "MemberID")::int AS "Members",
    count(*) FILTER (WHERE "AmountBase" IS NULL)::int AS "Unconverted"`;
  return pageOf(sql, params, base, q, { tiebreak: '"ID"', totals, decorate });
}

export function transfers(
  sql: Sql,
  range: Range,
  q: MemberFilter & Page & { Direction?: 'in' | 'out' | undefined; CounterpartyID?: string | undefined },
) {
  const params = new Params(range);
  let where = memberWhere(params, q, 'member_id');
  if (q.Direction) where += ` AND direction = ${params.p(q.Direction)}`;
  if (q.CounterpartyID) where += ` AND counterparty_id = ${params.p(q.CounterpartyID)}`;
  const base = `SELECT id AS "ID", member_id AS "MemberID", direction AS "Direction", COALESCE(counterparty_id, '') AS "CounterpartyID",
      amount::float8 AS "Amount", currency AS "Currency", amount_base::float8 AS "AmountBase", at AS "CreateDate"
    FROM transfer WHERE cid = ${CID} AND ${AT_IN_RANGE('at')}${where}`;
  const decorate = `SELECT p.*, ${NICK('p."MemberID"')} AS "NickName" FROM page p`;
  const totals = `COALESCE(sum("AmountBase") FILTER (WHERE "Direction" = 'in'), 0)::float8 AS "TransferIn",
    COALESCE(sum("AmountBase") FILTER (WHERE "Direction" = 'out'), 0)::float8 AS "TransferOut",
    count(*) FILTER (WHERE "Direction" = 'in')::int AS "TransfersIn", count(*) FILTER (WHERE "Direction" = 'out')::int AS "TransfersOut",
    count(*) FILTER (WHERE "AmountBase" IS NULL)::int AS "Unconverted"`;
  return pageOf(sql, params, base, q, { tiebreak: '"ID"', totals, decorate });
}

export function logins(
  sql: Sql,
  range: Range,
  q: MemberFilter & Page & { IP?: string | undefined; Device?: string | undefined },
) {
  const params = new Params(range);
  let where = memberWhere(params, q, 'member_id');
  if (q.IP) where += ` AND ip = ${params.p(q.IP)}::inet`;
  if (q.Device) where += ` AND device = ${params.p(q.Device)}`;
  const base = `SELECT id AS "ID", member_id AS "MemberID", host(ip) AS "IP", COALESCE(device, '') AS "Device", success AS "Success",
      at AS "CreateDate"
    FROM login WHERE cid = ${CID} AND ${AT_IN_RANGE('at')}${where}`;
  const decorate = `SELECT p.*, ${NICK('p."MemberID"')} AS "NickName",
      ARRAY(SELECT DISTINCT o.member_id FROM ip_member_day o WHERE o.cid = ${CID} AND o.ip = p."IP"::inet
              AND ${DAY_IN_RANGE('o.day')} AND o.member_id <> p."MemberID" ORDER BY 1 LIMIT 20) AS "OthersOnIP",
      ARRAY(SELECT DISTINCT o.member_id FROM login o WHERE o.cid = ${CID} AND p."Device" <> '' AND o.device = p."Device"
              AND ${AT_IN_RANGE('o.at')} AND o.member_id <> p."MemberID" ORDER BY 1 LIMIT 20) AS "OthersOnDevice"
    FROM page p`;
  const totals = `count(*) FILTER (WHERE "Success")::int AS "Successful", count(DISTINCT "IP")::int AS "IPs",
    count(DISTINCT "Device") FILTER (WHERE "Device" <> '')::int AS "Devices"`;
  return pageOf(sql, params, base, q, { tiebreak: '"ID"', totals, decorate });
}

export interface LinkRow {
  member_id: string;
  nick_name: string;
  via: string;
  ips: string[];
  devices: string[];
  shared_logins: number;
  shared_registrations: number;
}

/**
 * Members other than `exclude` who used an IP (ip_member_day) or a device (logins in the range, or their
 * registration) that one of `from` used in the range; `via` is one of `from` they share it with.
 */
export async function linkedMembers(sql: Sql, range: Range, from: string[], exclude: string[]): Promise<LinkRow[]> {
  if (from.length === 0) return [];
  const { rows } = await sql.query<LinkRow>(
    `WITH src_ip AS (
       SELECT DISTINCT ip, member_id AS via FROM ip_member_day
        WHERE cid = $1 AND member_id = ANY($5::text[]) AND ${DAY_IN_RANGE('day')}),
     src_dev AS (
       SELECT DISTINCT device, member_id AS via FROM login
        WHERE cid = $1 AND member_id = ANY($5::text[]) AND ${AT_IN_RANGE('at')} AND device IS NOT NULL
       UNION
       SELECT device, member_id FROM registration WHERE cid = $1 AND member_id = ANY($5::text[]) AND device IS NOT NULL),
     ip_links AS (
       SELECT o.member_id, host(o.ip) AS key, min(s.via) AS via, sum(o.logins)::int AS logins, sum(o.registrations)::int AS regs
         FROM ip_member_day o JOIN (SELECT ip, min(via) AS via FROM src_ip GROUP BY ip) s ON s.ip = o.ip
        WHERE o.cid = $1 AND ${DAY_IN_RANGE('o.day')} AND o.member_id <> ALL($6::text[])
        GROUP BY o.member_id, o.ip),
     dev_events AS (
       SELECT member_id, device, 1 AS logins, 0 AS regs FROM login
        WHERE cid = $1 AND device IN (SELECT device FROM src_dev) AND ${AT_IN_RANGE('at')}
       UNION ALL
       SELECT member_id, device, 0, 1 FROM registration WHERE cid = $1 AND device IN (SELECT device FROM src_dev)),
     dev_links AS (
       SELECT e.member_id, e.device AS key, min(s.via) AS via, sum(e.logins)::int AS logins, sum(e.regs)::int AS regs
         FROM dev_events e JOIN (SELECT device, min(via) AS via FROM src_dev GROUP BY device) s ON s.device = e.device
        WHERE e.member_id <> ALL($6::text[])
        GROUP BY e.member_id, e.device)
     SELECT l.member_id, COALESCE((SELECT nick_name FROM member m WHERE m.cid = $1 AND m.member_id = l.member_id), '') AS nick_name,
       min(l.via) AS via,
       COALESCE(array_agg(l.key ORDER BY l.key) FILTER (WHERE l.kind = 'ip'), '{}') AS ips,
       COALESCE(array_agg(l.key ORDER BY l.key) FILTER (WHERE l.kind = 'device'), '{}') AS devices,
       sum(l.logins)::int AS shared_logins, sum(l.regs)::int AS shared_registrations
     FROM (SELECT 'ip' AS kind, * FROM ip_links UNION ALL SELECT 'device', * FROM dev_links) l
     GROUP BY l.member_id`,
    [range.cid, range.start, range.end, range.timeZone, from, exclude],
  );
  return rows;
}

// ─── exports ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * The rows of `query` in batches of `size`, read through a cursor on a connection of its own (in a
 * read-only transaction), so the whole result is never in memory. Stopping the iteration early (the
 * client went away) closes the cursor and releases the connection.
 */
export async function* cursorBatches(
  db: Database,
  query: { text: string; values: unknown[] },
  size = 1000,
): AsyncGenerator<Record<string, unknown>[]> {
  const client = await db.connect();
  let healthy = true;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`DECLARE check_export NO SCROLL CURSOR FOR ${query.text}`, query.values);
    for (;;) {
      const { rows } = await client.query<Record<string, unknown>>(`FETCH ${Math.trunc(size)} FROM check_export`);
      if (rows.length === 0) break;
      yield rows;
      if (rows.length < size) break;
    }
  } finally {
    await client.query('ROLLBACK').catch(() => {
      healthy = false;
    });
    client.release(healthy ? undefined : true);
  }
}

// ─── pick lists ──────────────────────────────────────────────────────────────────────────────────────

export async function purchaseValues(sql: Sql, cid: number, column: 'platform' | 'payment_name' | 'category') {
  const { rows } = await sql.query<{ v: string }>(
    `SELECT DISTINCT ${column} AS v FROM purchase WHERE cid = $1 AND ${column} IS NOT NULL ORDER BY 1`,
    [cid],
  );
  return rows.map((r) => r.v);
}
