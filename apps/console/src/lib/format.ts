import dayjs, { type Dayjs } from 'dayjs';
import { companyNow, companyTimeZone } from './time-zone';

/**
 * An ISO 8601 instant in the company's time zone (or `zone`), `2026-11-22 16:15:02`; empty for none.
 * `withZone` adds the offset, `2026-11-22 16:15:02 (UTC+08:00)`, where the zone could be misread.
 */
export function formatDateTime(
  iso: string | null | undefined,
  options: { zone?: string | undefined; withZone?: boolean } = {},
): string {
  if (!iso) return '';
  const value = dayjs(iso);
  if (!value.isValid()) return iso;
  const local = value.tz(options.zone ?? companyTimeZone());
  const text = local.format('YYYY-MM-DD HH:mm:ss');
  return options.withZone ? `${text} (UTC${local.format('Z')})` : text;
}

/** The date part of a file name for exports, in the company's zone: `blacklist-2026-11-22.csv`. */
export function datedFileName(prefix: string, now: Dayjs | Date = companyNow()): string {
  return `${prefix}-${dayjs(now).format('YYYY-MM-DD')}.csv`;
}
