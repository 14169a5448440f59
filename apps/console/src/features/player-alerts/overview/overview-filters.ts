import type { AlertType, Level } from '@pitboss/contract';
import { companyNow } from '../../../lib/time-zone';
import { DEFAULT_PERIOD, type Period, periodFromParams, periodKey, periodToParams, periodToStartEnd } from '../period';

/** The alert overview's filters (`Start`/`End` or a rolling period, types, levels), kept in the address. */
export interface OverviewFilters {
  period: Period;
  EventTypes: AlertType[];
  Levels: Level[];
}

export const EMPTY_OVERVIEW_FILTERS: OverviewFilters = { period: DEFAULT_PERIOD, EventTypes: [], Levels: [] };

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
  };
}

export function overviewFiltersToParams(filters: OverviewFilters): URLSearchParams {
  const params = new URLSearchParams();
  periodToParams(filters.period, params);
  if (filters.EventTypes.length) params.set('EventTypes', filters.EventTypes.join(','));
  if (filters.Levels.length) params.set('Levels', filters.Levels.join(','));
  return params;
}

export function overviewKey(filters: OverviewFilters): string[] {
  return [periodKey(filters.period), filters.EventTypes.join(','), filters.Levels.join(',')];
}

/** The `alert-overview` query: Start, End, EventTypes and Levels (spec §7). */
export function overviewQuery(filters: OverviewFilters, now = companyNow()) {
  return {
    ...periodToStartEnd(filters.period, now),
    EventTypes: filters.EventTypes.length ? filters.EventTypes.join(',') : undefined,
    Levels: filters.Levels.length ? filters.Levels.join(',') : undefined,
  };
}
