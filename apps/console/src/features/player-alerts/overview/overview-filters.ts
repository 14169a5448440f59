import { type AlertType, type Level, splitIds } from '@pitboss/contract';
import { companyNow } from '../../../lib/time-zone';
import { DEFAULT_PERIOD, type Period, periodFromParams, periodKey, periodToParams, periodToStartEnd } from '../period';

/** The alert overview's filters (`Start`/`End` or a rolling period, types, levels, member IDs), kept in the address. */
export interface OverviewFilters {
  period: Period;
  EventTypes: AlertType[];
  Levels: Level[];
  MemberIDs: string[];
}

export const EMPTY_OVERVIEW_FILTERS: OverviewFilters = {
  period: DEFAULT_PERIOD,
  EventTypes: [],
  Levels: [],
  MemberIDs: [],
};

function ints<T extends number>(text: string | null, max: number): T[] {
  const values = (text ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= max);
  return [...new Set(values)].sort((a, b) => a - b) as T[];
}

export function overviewFiltersFromParams(params: URLSearchParams): OverviewFilters {
  return {
    period: periodFromParams(params),
    EventTypes: ints<AlertType>(params.get('EventTypes'), 7),
    Levels: ints<Level>(params.get('Levels'), 3),
    MemberIDs: splitIds(params.get('MemberIDs') ?? ''),
  };
}

export function overviewFiltersToParams(filters: OverviewFilters): URLSearchParams {
  const params = new URLSearchParams();
  periodToParams(filters.period, params);
  if (filters.EventTypes.length) params.set('EventTypes', filters.EventTypes.join(','));
  if (filters.Levels.length) params.set('Levels', filters.Levels.join(','));
  if (filters.MemberIDs.length) params.set('MemberIDs', filters.MemberIDs.join(','));
  return params;
}

export function overviewKey(filters: OverviewFilters): string[] {
  return [
    periodKey(filters.period),
    filters.EventTypes.join(','),
    filters.Levels.join(','),
    filters.MemberIDs.join(','),
  ];
}

/** The `alert-overview` query: Start, End, EventTypes, Levels and MemberIDs (spec §7). */
export function overviewQuery(filters: OverviewFilters, now = companyNow()) {
  return {
    ...periodToStartEnd(filters.period, now),
    EventTypes: filters.EventTypes.length ? filters.EventTypes.join(',') : undefined,
    Levels: filters.Levels.length ? filters.Levels.join(',') : undefined,
    MemberIDs: filters.MemberIDs.length ? filters.MemberIDs.join(',') : undefined,
  };
}
