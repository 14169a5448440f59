import dayjs from 'dayjs';

/** A server time (ISO 8601) in the browser's time zone, to the minute; '' for none. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '';
}
