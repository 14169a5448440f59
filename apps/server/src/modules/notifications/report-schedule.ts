import type { ReportFrequency } from '@pitboss/contract';

/**
 * When a subscribed report is sent and which period it covers, in the company's time zone (issue 23
 * item 5). A report is sent at `hour` o'clock local time on its send day and covers the full period before
 * that day's midnight: daily → the day before; weekly (sent on `weekDay`, 1 Monday … 7 Sunday) → the 7 days
 * before; monthly (sent on the 1st) → the month before. Pure: no clock, no database.
 */
export interface ReportSchedule {
  frequency: ReportFrequency;
  hour: number;
  weekDay: number;
}

export interface ReportRun {
  /** When the report is due (instant). */
  sendAt: Date;
  /** The period covered [start, end) (instants of local midnights). */
  periodStart: Date;
  periodEnd: Date;
}

const DAY_MS = 86_400_000;

/** Milliseconds to add to UTC to get the wall clock of `timeZone` at `ms`. */
export function zoneOffset(timeZone: string, ms: number): number {
  const parts: Record<string, number> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  for (const part of format.formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant of a local wall-clock time (`wallMs`: the wall clock written as if it were UTC). */
export function wallToInstant(timeZone: string, wallMs: number): Date {
  let guess = wallMs - zoneOffset(timeZone, wallMs);
  // Twice settles the offset around a change (a wall time skipped by a change lands just after it).
  guess = wallMs - zoneOffset(timeZone, guess);
  return new Date(guess);
}

/** Local calendar day (as UTC midnight of that date) of an instant. */
function localDay(timeZone: string, ms: number): number {
  const wall = ms + zoneOffset(timeZone, ms);
  return Math.floor(wall / DAY_MS) * DAY_MS;
}

function isSendDay(s: ReportSchedule, day: number): boolean {
  const date = new Date(day);
  if (s.frequency === 'daily') return true;
  if (s.frequency === 'weekly') return ((date.getUTCDay() + 6) % 7) + 1 === s.weekDay;
  return date.getUTCDate() === 1;
}

function periodStartDay(s: ReportSchedule, sendDay: number): number {
  if (s.frequency === 'daily') return sendDay - DAY_MS;
  if (s.frequency === 'weekly') return sendDay - 7 * DAY_MS;
  const d = new Date(sendDay);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
}

function runOn(s: ReportSchedule, timeZone: string, sendDay: number): ReportRun {
  return {
    sendAt: wallToInstant(timeZone, sendDay + s.hour * 3_600_000),
    periodStart: wallToInstant(timeZone, periodStartDay(s, sendDay)),
    periodEnd: wallToInstant(timeZone, sendDay),
  };
}

/** The first run due strictly after `after`. */
export function nextRun(s: ReportSchedule, timeZone: string, after: Date): ReportRun {
  let day = localDay(timeZone, after.getTime()) - DAY_MS;
  for (let i = 0; i < 70; i++, day += DAY_MS) {
    if (!isSendDay(s, day)) continue;
    const run = runOn(s, timeZone, day);
    if (run.sendAt.getTime() > after.getTime()) return run;
  }
  throw new Error('no send day within 70 days');
}

/** The last full period ended before `now` (what "send now" reports). */
export function lastFullPeriod(s: ReportSchedule, timeZone: string, now: Date): { start: Date; end: Date } {
  let day = localDay(timeZone, now.getTime());
  for (let i = 0; i < 70; i++, day -= DAY_MS) {
    if (!isSendDay(s, day)) continue;
    const run = runOn(s, timeZone, day);
    if (run.periodEnd.getTime() <= now.getTime()) return { start: run.periodStart, end: run.periodEnd };
  }
  throw new Error('no send day within 70 days');
}

/** `YYYY-MM-DD` of an instant in the time zone (the local date a period starts or ends on). */
export function localDate(timeZone: string, at: Date): string {
  return new Date(localDay(timeZone, at.getTime())).toISOString().slice(0, 10);
}
