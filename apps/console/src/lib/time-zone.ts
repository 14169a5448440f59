import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * One time zone for everything the console shows, picks and sends: the working company's (system
 * parameters, `UserInfo.timeZone`), not the browser's. Until the user is known, the browser's.
 *
 * Pickers work in "company wall-clock" values: plain dayjs values whose fields read as the company's
 * clock (so Ant Design's pickers show and pick the company's days whatever the browser's zone);
 * `toInstant` turns one into the instant, ISO 8601 with the company's offset, for the API.
 */
let zone = browserTimeZone();

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function setCompanyTimeZone(timeZone: string | null | undefined): void {
  zone = timeZone || browserTimeZone();
}

export function companyTimeZone(): string {
  return zone;
}

/** An instant as the company's wall clock. */
export function wallClock(instant: Dayjs | string | Date): Dayjs {
  return dayjs(dayjs(instant).tz(zone).format('YYYY-MM-DDTHH:mm:ss.SSS'));
}

/** Now, as the company's wall clock. */
export function companyNow(): Dayjs {
  return wallClock(dayjs());
}

/** A company wall-clock value → the instant it means, ISO 8601 with the company's offset. */
export function toInstant(wall: Dayjs): string {
  return dayjs.tz(wall.format('YYYY-MM-DDTHH:mm:ss.SSS'), zone).format();
}

/** An ISO instant in the company's zone with its offset, `2026-11-22T16:15:02+08:00` (CSV and copies). */
export function isoInZone(iso: string | null | undefined): string {
  if (!iso) return '';
  const value = dayjs(iso);
  return value.isValid() ? value.tz(zone).format() : iso;
}

/** The zone's offset now, `UTC+08:00`, for labels where a time could be misread. */
export function zoneOffsetLabel(at: Dayjs | string = dayjs()): string {
  const offset = dayjs(at).tz(zone).format('Z');
  return `UTC${offset}`;
}
