import dayjs, { type Dayjs } from 'dayjs';
import { companyNow, companyTimeZone } from './time-zone';

/** An ISO 8601 instant in the company's time zone, `2026-11-22 16:15:02`; empty for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const value = dayjs(iso);
  return value.isValid() ? value.tz(companyTimeZone()).format('YYYY-MM-DD HH:mm:ss') : iso;
}

/** The date part of a file name for exports, in the company's zone: `blacklist-2026-11-22.csv`. */
export function datedFileName(prefix: string, now: Dayjs | Date = companyNow()): string {
  return `${prefix}-${dayjs(now).format('YYYY-MM-DD')}.csv`;
}
