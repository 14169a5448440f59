import { describe, expect, it } from 'vitest';
import { calendarFor, hourBit, hourOfBit, hourStart } from './local-time';

describe('local time', () => {
  it('gives the calendar date in the time zone', () => {
    const taipei = calendarFor('Asia/Taipei');
    expect(taipei.day(Date.parse('2026-11-21T15:59:59Z'))).toBe('2026-11-21');
    expect(taipei.day(Date.parse('2026-11-21T16:00:00Z'))).toBe('2026-11-22');
    const kolkata = calendarFor('Asia/Kolkata');
    expect(kolkata.day(Date.parse('2026-11-21T18:29:00Z'))).toBe('2026-11-21');
    expect(kolkata.day(Date.parse('2026-11-21T18:30:00Z'))).toBe('2026-11-22');
  });

  it('follows daylight saving changes', () => {
    const ny = calendarFor('America/New_York');
    // 2026-11-01 02:00 EDT becomes 01:00 EST: the day lasts 25 hours.
    expect(ny.day(Date.parse('2026-11-01T04:00:00Z'))).toBe('2026-11-01');
    expect(ny.day(Date.parse('2026-11-02T04:59:00Z'))).toBe('2026-11-01');
    expect(ny.day(Date.parse('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
    expect(ny.offsetAt(Date.parse('2026-11-01T05:59:00Z'))).toBe(-4 * 3_600_000);
    expect(ny.offsetAt(Date.parse('2026-11-01T06:00:00Z'))).toBe(-5 * 3_600_000);
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(calendarFor('Mars/Olympus').day(Date.parse('2026-11-21T23:00:00Z'))).toBe('2026-11-21');
  });

  it('maps the hours of a local day to distinct bits 0–49 and back', () => {
    for (const [zone, day] of [
      ['Pacific/Kiritimati', '2026-11-22'],
      ['Pacific/Pago_Pago', '2026-11-22'],
      ['America/New_York', '2026-11-01'],
    ] as const) {
      const calendar = calendarFor(zone);
      const bits = new Set<number>();
      for (
        let ms = Date.parse(`${day}T00:00:00Z`) - 15 * 3_600_000;
        ms < Date.parse(`${day}T00:00:00Z`) + 37 * 3_600_000;
        ms += 1_800_000
      ) {
        if (calendar.day(ms) !== day) continue;
        const bit = hourBit(day, hourStart(ms));
        expect(bit).toBeGreaterThanOrEqual(0);
        expect(bit).toBeLessThan(50);
        expect(hourOfBit(day, bit)).toBe(hourStart(ms));
        bits.add(bit);
      }
      expect(bits.size).toBeGreaterThanOrEqual(24);
    }
  });
});
