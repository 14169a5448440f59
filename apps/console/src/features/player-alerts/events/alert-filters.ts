import { type AlertRecord, type AlertType, type Level, type ProcessStatus, splitIds } from '@pitboss/contract';
import dayjs from 'dayjs';
import { companyNow } from '../../../lib/time-zone';
import { DEFAULT_PERIOD, type Period, periodFromParams, periodKey, periodToParams, periodToStartEnd } from '../period';

/**
 * The player-alert filters. They live in the address (`?period=7d&EventTypes=1,3&Levels=3&Status=0&
 * MemberIDs=m1,m2`), so a link from the dashboard opens a filtered list and reloads keep them.
 */
export interface AlertFilters {
  period: Period;
  EventTypes: AlertType[];
  Levels: Level[];
  Status?: ProcessStatus | undefined;
  MemberIDs: string[];
  IP?: string | undefined;
}

export const EMPTY_FILTERS: AlertFilters = { period: DEFAULT_PERIOD, EventTypes: [], Levels: [], MemberIDs: [] };

function intList<T extends number>(text: string | null, min: number, max: number): T[] {
  if (!text) return [];
  const values = text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n >= min && n <= max);
  return [...new Set(values)].sort((a, b) => a - b) as T[];
}

export function filtersFromParams(params: URLSearchParams): AlertFilters {
  const status = params.get('Status');
  const ip = params.get('IP')?.trim();
  return {
    period: periodFromParams(params),
    EventTypes: intList<AlertType>(params.get('EventTypes'), 1, 7),
    Levels: intList<Level>(params.get('Levels'), 1, 3),
    Status: status === '0' || status === '1' ? (Number(status) as ProcessStatus) : undefined,
    MemberIDs: splitIds(params.get('MemberIDs') ?? ''),
    IP: ip || undefined,
  };
}

/** The address parameters of the filters; other parameters of `base` (e.g. the open alert) are kept. */
export function filtersToParams(filters: AlertFilters, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  periodToParams(filters.period, params);
  const set = (key: string, value: string | undefined) => (value ? params.set(key, value) : params.delete(key));
  set('EventTypes', filters.EventTypes.join(','));
  set('Levels', filters.Levels.join(','));
  set('Status', filters.Status === undefined ? undefined : String(filters.Status));
  set('MemberIDs', filters.MemberIDs.join(','));
  set('IP', filters.IP);
  return params;
}

/** A stable key of the filters for query keys (rolling periods keep theirs as time passes). */
export function filtersKey(filters: AlertFilters): unknown[] {
  return [
    periodKey(filters.period),
    filters.EventTypes.join(','),
    filters.Levels.join(','),
    filters.Status ?? '',
    filters.MemberIDs.join(','),
    filters.IP ?? '',
  ];
}

/** The `listAlerts` query of the filters; a rolling period's start is taken now. */
export function filtersToQuery(filters: AlertFilters, now = companyNow()) {
  return {
    ...periodToStartEnd(filters.period, now),
    EventTypes: filters.EventTypes.length ? filters.EventTypes.join(',') : undefined,
    Levels: filters.Levels.length ? filters.Levels.join(',') : undefined,
    Status: filters.Status,
    MemberIDs: filters.MemberIDs.length ? filters.MemberIDs.join(',') : undefined,
    IP: filters.IP,
  };
}

/** Whether a pushed alert falls under the filters (so the "new alerts" notice counts only those). */
export function matchesFilters(alert: AlertRecord, filters: AlertFilters, now = companyNow()): boolean {
  const { Start, End } = periodToStartEnd(filters.period, now);
  const at = dayjs(alert.WindowEnd);
  if (at.isBefore(dayjs(Start))) return false;
  if (End && !at.isBefore(dayjs(End))) return false;
  if (filters.EventTypes.length && !filters.EventTypes.includes(alert.EventType)) return false;
  if (filters.Levels.length && !filters.Levels.includes(alert.Level)) return false;
  if (filters.Status !== undefined && alert.Status !== filters.Status) return false;
  if (filters.MemberIDs.length && !filters.MemberIDs.includes(alert.MemberID)) return false;
  if (filters.IP && alert.IP !== filters.IP) return false;
  return true;
}
