import type { TimeUnit } from '@pitboss/contract';

const MINUTE = 60_000;
const FIXED_MS: Partial<Record<TimeUnit, number>> = {
  min: MINUTE,
  hour: 60 * MINUTE,
  day: 1440 * MINUTE,
  week: 7 * 1440 * MINUTE,
};
const MONTHS: Partial<Record<TimeUnit, number>> = { month: 1, quarter: 3, year: 12 };

/**
 * The exclusive start of the window that ends at `time` (epoch ms): the window is (start, time].
 *
 * min, hour, day and week are fixed durations (a day is 24 hours: the engine works in UTC, which has no
 * daylight saving). month, quarter and year are calendar months in UTC: the same day of the month and
 * time of day `n` months earlier (a quarter is 3 months, a year 12). When that day does not exist in the
 * earlier month (31 March − 1 month), the window starts at the end of that month (1 March 00:00), so a
 * window is never longer than its calendar span and the start never moves backwards as time advances.
 */
export function windowStart(time: number, unit: TimeUnit, loopValue: number): number {
  if (!Number.isFinite(time)) return time;
  const fixed = FIXED_MS[unit];
  if (fixed !== undefined) return time - fixed * loopValue;
  return monthsBefore(time, (MONTHS[unit] ?? 1) * loopValue);
}

function monthsBefore(time: number, months: number): number {
  const date = new Date(time);
  const day = date.getUTCDate();
  const dayStart = utc(date.getUTCFullYear(), date.getUTCMonth(), day);
  const target = date.getUTCFullYear() * 12 + date.getUTCMonth() - months;
  const year = Math.floor(target / 12);
  const month = target - year * 12;
  if (day > daysInMonth(year, month)) return utc(year, month + 1, 1);
  return utc(year, month, day) + (time - dayStart);
}

function daysInMonth(year: number, month: number): number {
  return new Date(utc(year, month + 1, 1) - 1).getUTCDate();
}

/** Date.UTC without its two-digit-year quirk (years 0–99 would map to 1900–1999). */
function utc(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return date.getTime();
}
