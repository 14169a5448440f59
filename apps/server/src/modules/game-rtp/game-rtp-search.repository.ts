import type { GameRtpByTimeRow, GameRtpSearchRow } from '@pitboss/contract';
import type { Sql } from '../../db/database';
import { sqlOrder } from '../../db/sql';

/**
 * The SQL of the game RTP search (`check-tool/gameRTP-search`), read from the rollups like the other check
 * tools: `game_day` by calendar day of the company's time zone, `game_hour` by UTC hour within local
 * midnight of Start and local midnight after End; players from `game_member_day`. The statistics are
 * computed in SQL from the rollups' exact sums (stake, payout, stake², payout², stake × payout in the base
 * currency), so the list sorts and pages on them: the ratio estimator R = Σp ÷ Σs, its standard error
 * √Σ(p − R·s)² ÷ Σs (the engine's `windowStats`), and the band R ± z·SE.
 */

export interface SearchRange {
  cid: number;
  start: string;
  end: string;
  timeZone: string;
  /** The two-sided normal quantile of the confidence: the band's half-width is `z × SE`. */
  zCritical: number;
}

export interface SearchPage {
  PageNumber: number;
  PageSize: number;
  sort: { field: string; order: 'Desc' | 'Asc' };
}

export interface SearchListed<R> {
  rows: R[];
  total: number;
  totals: Record<string, unknown>;
}

/** Positional parameters: `$1` cid, `$2` start day, `$3` end day, `$4` time zone, `$5` z; `p(value)` adds one. */
class Params {
  readonly values: unknown[];
  constructor(range: SearchRange) {
    this.values = [range.cid, range.start, range.end, range.timeZone, range.zCritical];
  }
  p(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const PARAM_TYPES =
  'range_params AS (SELECT $1::int AS cid, $2::date AS d0, $3::date AS d1, $4::text AS tz, $5::float8 AS zc)';
const DAY_IN_RANGE = (column: string) => `${column} BETWEEN $2::date AND $3::date`;
const AT_IN_RANGE = (column: string) =>
  `${column} >= ($2::date::timestamp AT TIME ZONE $4) AND ${column} < (($3::date + 1)::timestamp AT TIME ZONE $4)`;

/** Sums a rollup's base-currency columns (float8) for `stats`. */
const SUMS = `sum(rounds)::int AS rounds, COALESCE(sum(stake_base), 0)::float8 AS stake, COALESCE(sum(payout_base), 0)::float8 AS payout,
  sum(stake_sq)::float8 AS ssq, sum(payout_sq)::float8 AS psq, sum(stake_payout)::float8 AS sp, sum(unconverted)::int AS unconverted`;

/**
 * The wire's figures from the sums in `s` (columns of SUMS, `r` = payout ÷ stake, `e` = expected RTP),
 * as a select list. Deviation and standard error in RTP points.
 */
const FIGURES = `s.rounds AS "Rounds", s.stake AS "Turnover", s.payout AS "Payout", (s.stake - s.payout)::float8 AS "GGR",
  s.unconverted AS "Unconverted", s.r AS "ObservedRTP", s.e AS "ExpectedRTP",
  ((s.r - s.e) * 100)::float8 AS "Deviation", (s.se * 100)::float8 AS "StdError",
  CASE WHEN s.se > 0 THEN ((s.r - s.e) / s.se)::float8 END AS "ZScore",
  (s.r - $5::float8 * s.se)::float8 AS "BandLow", (s.r + $5::float8 * s.se)::float8 AS "BandHigh",
  COALESCE(s.e < s.r - $5::float8 * s.se OR s.e > s.r + $5::float8 * s.se, false) AS "Significant"`;

/** `r` and `se` beside the sums of `sums` (a query with SUMS' columns), and `e` from `expected` (an expression). */
const withStats = (
  sums: string,
  expected: string,
  extra = '',
) => `SELECT x.*, ${expected} AS e, x.payout / NULLIF(x.stake, 0) AS r,
    sqrt(GREATEST(0, x.psq - 2 * (x.payout / NULLIF(x.stake, 0)) * x.sp + (x.payout / NULLIF(x.stake, 0)) ^ 2 * x.ssq)) / NULLIF(x.stake, 0) AS se${extra}
  FROM (${sums}) x`;

async function pageOf<R>(
  sql: Sql,
  params: Params,
  base: string,
  page: SearchPage,
  tiebreak: string,
  totals: string,
): Promise<SearchListed<R>> {
  const order = `"${page.sort.field}" ${sqlOrder(page.sort.order)} NULLS LAST, ${tiebreak}`;
  const countValues = [...params.values];
  const limit = params.p(page.PageSize);
  const offset = params.p((page.PageNumber - 1) * page.PageSize);
  const [rows, sums] = await Promise.all([
    sql.query<R & Record<string, unknown>>(
      `WITH ${PARAM_TYPES}, base AS (${base}) SELECT * FROM base ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      params.values,
    ),
    sql.query<Record<string, unknown>>(
      `WITH ${PARAM_TYPES}, base AS (${base}) SELECT count(*)::int AS "__count", ${totals} FROM base`,
      countValues,
    ),
  ]);
  const { __count, ...rest } = sums.rows[0] ?? { __count: 0 };
  return { rows: rows.rows, total: Number(__count ?? 0), totals: rest };
}

export interface GameSearchFilter {
  GameIDs?: string[] | undefined;
  GameTypes?: string[] | undefined;
}

function gameWhere(params: Params, f: GameSearchFilter, column: string): string {
  let where = '';
  if (f.GameIDs) where += ` AND ${column} = ANY(${params.p(f.GameIDs)}::text[])`;
  if (f.GameTypes) {
    where += ` AND ${column} IN (SELECT game_id FROM game WHERE cid = $1 AND game_type = ANY(${params.p(f.GameTypes)}::text[]))`;
  }
  return where;
}

const TOTALS = `COALESCE(sum("Rounds"), 0)::int AS "Rounds", COALESCE(sum("Turnover"), 0)::float8 AS "Turnover",
  COALESCE(sum("Payout"), 0)::float8 AS "Payout", COALESCE(sum("GGR"), 0)::float8 AS "GGR",
  COALESCE(sum("Unconverted"), 0)::int AS "Unconverted",
  (sum("Payout") / NULLIF(sum("Turnover"), 0))::float8 AS "ObservedRTP"`;

/** Per game over the range: figures, statistics and players; only games with bets in the range. */
export function searchGames(sql: Sql, range: SearchRange, q: GameSearchFilter & SearchPage) {
  const params = new Params(range);
  const games = gameWhere(params, q, 'game_id');
  const sums = `SELECT game_id, ${SUMS} FROM game_day WHERE cid = $1 AND ${DAY_IN_RANGE('day')}${games} GROUP BY game_id`;
  const players = `SELECT game_id, count(DISTINCT member_id)::int AS players FROM game_member_day
      WHERE cid = $1 AND ${DAY_IN_RANGE('day')}${games} GROUP BY game_id`;
  const expected = '(SELECT g.expected_rtp::float8 FROM game g WHERE g.cid = $1 AND g.game_id = x.game_id)';
  const base = `SELECT s.game_id AS "GameID", COALESCE(g.name, s.game_id) AS "GameName", COALESCE(g.game_type, '') AS "GameType",
      COALESCE(g.provider, '') AS "Provider", COALESCE(pl.players, 0) AS "Players", ${FIGURES}
    FROM (${withStats(sums, expected)}) s
    LEFT JOIN (${players}) pl ON pl.game_id = s.game_id
    LEFT JOIN game g ON g.cid = $1 AND g.game_id = s.game_id`;
  const totals = `${TOTALS},
    (SELECT count(DISTINCT member_id)::int FROM game_member_day WHERE cid = $1 AND ${DAY_IN_RANGE('day')}${games}) AS "Players",
    (sum("ExpectedRTP" * "Turnover") FILTER (WHERE "ExpectedRTP" IS NOT NULL)
      / NULLIF(sum("Turnover") FILTER (WHERE "ExpectedRTP" IS NOT NULL), 0))::float8 AS "ExpectedRTP",
    count(*) FILTER (WHERE "Significant")::int AS "Significant"`;
  return pageOf<GameRtpSearchRow>(sql, params, base, q, '"GameID"', totals);
}

/** One game by day (game_day) or UTC hour (game_hour) over the range, with the same figures per bucket. */
export function searchGameByTime(
  sql: Sql,
  range: SearchRange,
  q: SearchPage & { GameID: string; Bucket: 'hour' | 'day' },
) {
  const params = new Params(range);
  const game = params.p(q.GameID);
  const expected = `(SELECT g.expected_rtp::float8 FROM game g WHERE g.cid = $1 AND g.game_id = ${game})`;
  const sums =
    q.Bucket === 'day'
      ? `SELECT day::text AS t, sum(players)::int AS players, ${SUMS} FROM game_day
           WHERE cid = $1 AND game_id = ${game} AND ${DAY_IN_RANGE('day')} GROUP BY day`
      : `SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS t, sum(players)::int AS players, ${SUMS}
           FROM game_hour WHERE cid = $1 AND game_id = ${game} AND ${AT_IN_RANGE('hour')} AND bets > 0 GROUP BY hour`;
  const base = `SELECT s.t AS "Time", s.players AS "Players", ${FIGURES} FROM (${withStats(sums, expected)}) s`;
  return pageOf<GameRtpByTimeRow>(sql, params, base, q, '"Time"', TOTALS);
}

/** The company's time zone. */
export async function companyTimeZone(sql: Sql, cid: number): Promise<string> {
  const { rows } = await sql.query<{ time_zone: string }>('SELECT time_zone FROM company WHERE cid = $1', [cid]);
  return rows[0]?.time_zone ?? 'UTC';
}
