import type { TIME_UNITS } from '../common/enums';

/** The longest window per time unit: one year (state is kept for a window, so it must stay bounded). */
export const LOOP_VALUE_MAX: Record<(typeof TIME_UNITS)[number], number> = {
  min: 1000,
  hour: 1000,
  day: 366,
  week: 52,
  month: 12,
  quarter: 4,
  year: 1,
};
