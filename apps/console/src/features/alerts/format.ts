import dayjs from 'dayjs';

/** An ISO 8601 instant in the browser's time zone, `2026-11-22 16:15:02`; empty for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const value = dayjs(iso);
  return value.isValid() ? value.format('YYYY-MM-DD HH:mm:ss') : iso;
}

/** The date of an export's file name: `alerts-2026-11-22.csv`. */
export function datedFileName(prefix: string, now = new Date()): string {
  return `${prefix}-${dayjs(now).format('YYYY-MM-DD')}.csv`;
}
