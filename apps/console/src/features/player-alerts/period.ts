import dayjs from 'dayjs';
import { companyNow, toInstant } from '../../lib/time-zone';

/**
 * A period to look at alerts over. The rolling presets have no end: the server takes "now" at each
 * call, so alerts raised while a screen is open still fall inside it (live updates stay visible).
 * A custom period has fixed ends.
 */
export const PERIOD_PRESETS = ['today', '24h', '7d', '30d'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export type Period = { preset: PeriodPreset } | { preset: 'custom'; start: string; end: string };

export const DEFAULT_PERIOD: Period = { preset: '7d' };

/**
 * `Start` (and `End` for a custom period) as the alert calls take them, ISO 8601 with the company's
 * offset; "today" is the company's day. `now` is the company's wall clock.
 */
export function periodToStartEnd(period: Period, now = companyNow()): { Start: string; End?: string } {
  switch (period.preset) {
    case 'today':
      return { Start: toInstant(now.startOf('day')) };
    case '24h':
      return { Start: toInstant(now.subtract(24, 'hour')) };
    case '7d':
      return { Start: toInstant(now.subtract(7, 'day')) };
    case '30d':
      return { Start: toInstant(now.subtract(30, 'day')) };
    case 'custom':
      return { Start: period.start, End: period.end };
  }
}

function isPreset(value: string | null): value is PeriodPreset {
  return value !== null && (PERIOD_PRESETS as readonly string[]).includes(value);
}

/** The period of the address's `period`, or `Start` and `End`; `fallback` when neither is valid. */
export function periodFromParams(params: URLSearchParams, fallback: Period = DEFAULT_PERIOD): Period {
  const preset = params.get('period');
  if (isPreset(preset)) return { preset };
  const start = params.get('Start');
  const end = params.get('End');
  if (start && end && dayjs(start).isValid() && dayjs(end).isValid() && !dayjs(end).isBefore(dayjs(start))) {
    return { preset: 'custom', start, end };
  }
  return fallback;
}

/** Writes a period into address parameters (the inverse of {@link periodFromParams}). */
export function periodToParams(period: Period, params: URLSearchParams): void {
  params.delete('period');
  params.delete('Start');
  params.delete('End');
  if (period.preset === 'custom') {
    params.set('Start', period.start);
    params.set('End', period.end);
  } else {
    params.set('period', period.preset);
  }
}

/** A stable key of the period for query keys (a rolling preset keeps its key as time passes). */
export function periodKey(period: Period): string {
  return period.preset === 'custom' ? `${period.start}/${period.end}` : period.preset;
}
