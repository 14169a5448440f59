const HOUR_MS = 3_600_000;
const QUARTER_MS = 900_000;

/**
 * Calendar dates in a company's time zone. Offsets are multiples of 15 minutes and change only on
 * such boundaries, so the offset is computed once per quarter hour and cached: a batch of events
 * costs a handful of `Intl` calls, not one per event.
 */
export class LocalCalendar {
  private readonly format: Intl.DateTimeFormat;
  private readonly offsets = new Map<number, number>();
  private readonly days = new Map<number, string>();

  constructor(readonly timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
  }

  /** `YYYY-MM-DD` of the instant in this time zone (local midnight falls on a quarter hour: cached per quarter). */
  day(ms: number): string {
    const quarter = Math.floor(ms / QUARTER_MS);
    let day = this.days.get(quarter);
    if (day === undefined) {
      day = new Date(ms + this.offsetAt(ms)).toISOString().slice(0, 10);
      if (this.days.size > 50_000) this.days.clear();
      this.days.set(quarter, day);
    }
    return day;
  }

  /** Milliseconds to add to UTC to get local wall-clock time at `ms`. */
  offsetAt(ms: number): number {
    const quarter = Math.floor(ms / QUARTER_MS);
    let offset = this.offsets.get(quarter);
    if (offset === undefined) {
      offset = this.computeOffset(quarter * QUARTER_MS);
      if (this.offsets.size > 50_000) this.offsets.clear();
      this.offsets.set(quarter, offset);
    }
    return offset;
  }

  private computeOffset(ms: number): number {
    const parts: Record<string, number> = {};
    for (const part of this.format.formatToParts(new Date(ms))) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    const wall = Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
    );
    return wall - ms;
  }
}

const calendars = new Map<string, LocalCalendar>();

/** A shared calendar per time zone; an unknown zone falls back to UTC rather than refusing events. */
export function calendarFor(timeZone: string): LocalCalendar {
  let calendar = calendars.get(timeZone);
  if (!calendar) {
    try {
      calendar = new LocalCalendar(timeZone);
    } catch {
      calendar = calendarFor('UTC');
    }
    calendars.set(timeZone, calendar);
  }
  return calendar;
}

export function hourStart(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

/**
 * The bit of `game_member_day.hours` for the UTC hour starting at `hourMs` within local day `day`:
 * a local day lies within [UTC midnight − 14 h, UTC midnight + 36 h), so the bit is 0–49.
 */
export function hourBit(day: string, hourMs: number): number {
  return hourMs / HOUR_MS - (Date.parse(`${day}T00:00:00Z`) / HOUR_MS - 14);
}

export function hourOfBit(day: string, bit: number): number {
  return (Date.parse(`${day}T00:00:00Z`) / HOUR_MS - 14 + bit) * HOUR_MS;
}
