/** Game RTP monitoring: constants shared by server and console (schemas in `game-rtp.schemas.ts`). */

/** What a game RTP rule targets: every game, the games of one type, or one game. */
export const GAME_RTP_SCOPES = ['all', 'type', 'game'] as const;
export type GameRtpScope = (typeof GAME_RTP_SCOPES)[number];

/** The side of the expectation an alert is on: players win too much (above) or the game pays too little (below). */
export const GAME_RTP_DIRECTIONS = ['above', 'below'] as const;
export type GameRtpDirection = (typeof GAME_RTP_DIRECTIONS)[number];

/** Which test raised a level: the window's z-test or the sequential test (CUSUM). */
export const GAME_RTP_TESTS = ['window', 'sequential'] as const;
export type GameRtpTest = (typeof GAME_RTP_TESTS)[number];

/** `GameTypes=*` (or nothing) means every game type. */
export const ALL_GAME_TYPES = '*';

/** Confidence a level may ask for: 50 % to 99.99 %. */
export const GAME_RTP_CONFIDENCE = { min: 0.5, max: 0.9999 } as const;

/** Largest window in TimeUnits (the issue: a LoopValue over 1,000 is refused; units above a day have the year cap). */
export const GAME_RTP_LOOP_VALUE_MAX = 1000;

export const GAME_RTP_MESSAGE_CODES = {
  alreadyProcessed: 'ALERT_ALREADY_PROCESSED',
  notFound: 'ALERT_NOT_FOUND',
} as const;

/** Websocket `invalidate` keys the server sends when game alerts or rules change. */
export const GAME_RTP_QUERY_KEYS = {
  alerts: 'game-rtp-alerts',
  rules: 'game-rtp-settings',
  games: 'monitor-games',
} as const;

export const GAME_RTP_ALERT_SORT_FIELDS = [
  'HappenedAt',
  'DetectedAt',
  'CreateDate',
  'Level',
  'Deviation',
  'ObservedRTP',
  'Rounds',
  'GameID',
  'AlertID',
] as const;

/** Game RTP search (`check-tool/gameRTP-search`): sort fields of the per-game list and of the drill-down by time. */
export const GAME_RTP_SEARCH_SORT_FIELDS = [
  'GameID',
  'GameType',
  'Rounds',
  'Players',
  'Turnover',
  'Payout',
  'GGR',
  'ObservedRTP',
  'ExpectedRTP',
  'Deviation',
  'ZScore',
] as const;
export const GAME_RTP_BY_TIME_SORT_FIELDS = [
  'Time',
  'Rounds',
  'Turnover',
  'Payout',
  'ObservedRTP',
  'Deviation',
  'ZScore',
] as const;

/** The confidence of the search's band around the observed RTP (two-sided) unless the body names one. */
export const GAME_RTP_SEARCH_CONFIDENCE = 0.95;
