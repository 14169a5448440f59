/**
 * Opposing bets (money laundering): constants shared by the server and the console (schemas in
 * `laundering.schemas.ts`, endpoints in `laundering.api.ts`). Platform and aggregator companies only.
 */

/** The price levels that may use the opposing-bet screens and calls (spec §2); a publisher gets 403. */
export const LAUNDERING_PRICE_LEVELS = ['platform', 'aggregator'] as const;

/** The pairs of opposite sides a new setting starts with (editable; custom pairs allowed). */
export const DEFAULT_SIDE_PAIRS: readonly (readonly [string, string])[] = [
  ['banker', 'player'],
  ['big', 'small'],
  ['odd', 'even'],
  ['home', 'away'],
  ['over', 'under'],
  ['dragon', 'tiger'],
];

/** The time units an opposing-bet window may use (state is kept for a window: at most 31 days). */
/**
 * The default minimum share (percent) of the rounds two members (or a ring's hub) shared in the window
 * that must be opposed-and-matched for a level to be raised.
 */
export const LAUNDERING_DEFAULT_MIN_OPPOSED_SHARE = 80;

export const LAUNDERING_TIME_UNITS = ['min', 'hour', 'day'] as const;
type LaunderingUnit = (typeof LAUNDERING_TIME_UNITS)[number];

/** The longest window in milliseconds (31 days). */
export const LAUNDERING_WINDOW_MAX_MS = 31 * 86_400_000;

const UNIT_MS: Record<LaunderingUnit, number> = { min: 60_000, hour: 3_600_000, day: 86_400_000 };

/** A window `LoopValue × TimeUnit` in milliseconds. */
export function launderingWindowMs(loopValue: number, timeUnit: LaunderingUnit): number {
  return loopValue * UNIT_MS[timeUnit];
}

/** How a level combines its two conditions (repeated rounds, matched stake); a condition of 0 is not used. */
export const LAUNDERING_LEVEL_OPS = ['or', 'and'] as const;

export const LAUNDERING_MESSAGE_CODES = {
  alreadyProcessed: 'LAUNDERING_ALERT_ALREADY_PROCESSED',
  notFound: 'LAUNDERING_ALERT_NOT_FOUND',
} as const;

/** Websocket `invalidate` keys the server sends when opposing-bet alerts or settings change. */
export const LAUNDERING_QUERY_KEYS = { alerts: 'laundering-alerts', settings: 'laundering-settings' } as const;

export const LAUNDERING_ALERT_SORT_FIELDS = [
  'HappenedAt',
  'DetectedAt',
  'CreateDate',
  'Level',
  'Rounds',
  'MatchedStake',
  'NetMoved',
  'AlertID',
] as const;
