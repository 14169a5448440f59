import type { GameRtpAlertRecord, Level, ProcessStatus } from '@pitboss/contract';
import dayjs from 'dayjs';
import { companyNow } from '../../../lib/time-zone';
import {
  DEFAULT_PERIOD,
  type Period,
  periodFromParams,
  periodKey,
  periodToParams,
  periodToStartEnd,
} from '../../player-alerts/period';

/**
 * The game-alert filters. They live in the address (`?period=7d&GameTypes=slot&GameIDs=g1,g2&Levels=3&
 * Status=0`; `alert=<id>` opens the evidence drawer), so links open a filtered list and reloads keep them.
 */
export interface GameAlertFilters {
  period: Period;
  GameTypes: string[];
  GameIDs: string[];
  Levels: Level[];
  Status?: ProcessStatus | undefined;
}

export const EMPTY_GAME_FILTERS: GameAlertFilters = { period: DEFAULT_PERIOD, GameTypes: [], GameIDs: [], Levels: [] };

const list = (text: string | null) =>
  [
    ...new Set(
      (text ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ].sort();

export function gameFiltersFromParams(params: URLSearchParams): GameAlertFilters {
  const status = params.get('Status');
  const levels = list(params.get('Levels'))
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 3) as Level[];
  return {
    period: periodFromParams(params),
    GameTypes: list(params.get('GameTypes')),
    GameIDs: list(params.get('GameIDs')),
    Levels: levels,
    Status: status === '0' || status === '1' ? (Number(status) as ProcessStatus) : undefined,
  };
}

/** The address parameters of the filters; other parameters of `base` (e.g. the open alert) are kept. */
export function gameFiltersToParams(filters: GameAlertFilters, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  periodToParams(filters.period, params);
  const set = (key: string, value: string | undefined) => (value ? params.set(key, value) : params.delete(key));
  set('GameTypes', filters.GameTypes.join(','));
  set('GameIDs', filters.GameIDs.join(','));
  set('Levels', filters.Levels.join(','));
  set('Status', filters.Status === undefined ? undefined : String(filters.Status));
  return params;
}

/** A stable key of the filters for query keys (rolling periods keep theirs as time passes). */
export function gameFiltersKey(filters: GameAlertFilters): unknown[] {
  return [
    periodKey(filters.period),
    filters.GameTypes.join(','),
    filters.GameIDs.join(','),
    filters.Levels.join(','),
    filters.Status ?? '',
  ];
}

/** The `listGameRtpAlerts` query of the filters; a rolling period's start is taken now. */
export function gameFiltersToQuery(filters: GameAlertFilters, now = companyNow()) {
  return {
    ...periodToStartEnd(filters.period, now),
    GameTypes: filters.GameTypes.length ? filters.GameTypes.join(',') : undefined,
    GameIDs: filters.GameIDs.length ? filters.GameIDs.join(',') : undefined,
    Levels: filters.Levels.length ? filters.Levels.join(',') : undefined,
    Status: filters.Status,
  };
}

/** Whether a pushed game alert falls under the filters (so the "new alerts" notice counts only those). */
export function gameAlertMatches(alert: GameRtpAlertRecord, filters: GameAlertFilters, now = companyNow()): boolean {
  const { Start, End } = periodToStartEnd(filters.period, now);
  const at = dayjs(alert.HappenedAt ?? alert.WindowEnd);
  if (at.isBefore(dayjs(Start))) return false;
  if (End && !at.isBefore(dayjs(End))) return false;
  if (filters.GameTypes.length && !filters.GameTypes.includes(alert.GameType)) return false;
  if (filters.GameIDs.length && !filters.GameIDs.includes(alert.GameID)) return false;
  if (filters.Levels.length && !filters.Levels.includes(alert.Level)) return false;
  if (filters.Status !== undefined && alert.Status !== filters.Status) return false;
  return true;
}

/** The game alert a websocket `alert` message of kind `game` carries, when it has the list's shape. */
export function pushedGameAlert(payload: Record<string, unknown>): GameRtpAlertRecord | undefined {
  const required = ['AlertID', 'GameID', 'Level', 'Status'] as const;
  if (required.some((key) => payload[key] === undefined)) return undefined;
  return payload as unknown as GameRtpAlertRecord;
}
