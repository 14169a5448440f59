import { TIME_UNITS } from '@pitboss/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { windowStart } from './windows';

const at = (iso: string) => Date.parse(iso);
const iso = (time: number) => new Date(time).toISOString();

describe('windowStart', () => {
  it.each([
    ['min', 5, '2026-03-15T10:00:00.000Z', '2026-03-15T09:55:00.000Z'],
    ['hour', 1, '2026-03-15T10:00:00.000Z', '2026-03-15T09:00:00.000Z'],
    ['day', 1, '2026-03-29T10:00:00.000Z', '2026-03-28T10:00:00.000Z'],
    ['week', 2, '2026-03-15T10:00:00.000Z', '2026-03-01T10:00:00.000Z'],
    ['month', 1, '2026-03-15T10:30:00.000Z', '2026-02-15T10:30:00.000Z'],
    ['month', 1, '2026-01-10T00:00:00.000Z', '2025-12-10T00:00:00.000Z'],
    ['quarter', 1, '2026-05-20T08:00:00.000Z', '2026-02-20T08:00:00.000Z'],
    ['year', 1, '2026-03-15T10:00:00.000Z', '2025-03-15T10:00:00.000Z'],
  ] as const)('%s × %i before %s is %s', (unit, loop, end, start) => {
    expect(iso(windowStart(at(end), unit, loop))).toBe(start);
  });

  it.each([
    ['month', 1, '2026-03-31T10:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['month', 1, '2026-03-29T23:59:59.999Z', '2026-03-01T00:00:00.000Z'],
    ['month', 1, '2026-03-28T23:59:59.999Z', '2026-02-28T23:59:59.999Z'],
    ['month', 1, '2028-03-29T12:00:00.000Z', '2028-02-29T12:00:00.000Z'],
    ['month', 1, '2026-05-31T06:00:00.000Z', '2026-05-01T00:00:00.000Z'],
    ['quarter', 1, '2026-05-31T06:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['year', 1, '2028-02-29T12:00:00.000Z', '2027-03-01T00:00:00.000Z'],
    ['month', 1, '2026-04-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
  ] as const)(
    '%s × %i before %s, a day the earlier month lacks, starts at the end of that month',
    (unit, loop, end, start) => {
      expect(iso(windowStart(at(end), unit, loop))).toBe(start);
    },
  );

  it('is exclusive: an event exactly one window before is outside, one millisecond later inside', () => {
    const end = at('2026-03-15T10:00:00.000Z');
    const start = windowStart(end, 'hour', 1);
    expect(start).toBe(end - 3_600_000);
  });

  it('never moves backwards as time advances, for every unit', () => {
    const time = fc.integer({ min: at('2000-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z') });
    fc.assert(
      fc.property(
        time,
        fc.integer({ min: 0, max: 40 * 86_400_000 }),
        fc.constantFrom(...TIME_UNITS),
        fc.integer({ min: 1, max: 12 }),
        (t, step, unit, loop) => {
          const earlier = windowStart(t, unit, loop);
          expect(windowStart(t + step, unit, loop)).toBeGreaterThanOrEqual(earlier);
          expect(earlier).toBeLessThan(t);
        },
      ),
    );
  });

  it('is exactly n calendar months back whenever the day exists', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 24 }),
        (date, months) => {
          fc.pre(date.getUTCDate() <= 28);
          const expected = new Date(date);
          expected.setUTCMonth(date.getUTCMonth() - months);
          expect(windowStart(date.getTime(), 'month', months)).toBe(expected.getTime());
        },
      ),
    );
  });
});
