import { describe, expect, it } from 'vitest';
import { lastFullPeriod, nextRun, wallToInstant } from './report-schedule';

const iso = (d: Date) => d.toISOString();

describe('report schedule (company time zone)', () => {
  it('daily: sent at the hour, covering the local day before', () => {
    const run = nextRun({ frequency: 'daily', hour: 8, weekDay: 1 }, 'Asia/Taipei', new Date('2026-11-26T05:00:00Z'));
    // 05:00Z is 13:00 in Taipei: today's 08:00 has passed, so tomorrow 08:00 local = 00:00Z.
    expect(iso(run.sendAt)).toBe('2026-11-27T00:00:00.000Z');
    expect(iso(run.periodStart)).toBe('2026-11-25T16:00:00.000Z');
    expect(iso(run.periodEnd)).toBe('2026-11-26T16:00:00.000Z');
    const early = nextRun({ frequency: 'daily', hour: 8, weekDay: 1 }, 'Asia/Taipei', new Date('2026-11-25T23:00:00Z'));
    expect(iso(early.sendAt)).toBe('2026-11-26T00:00:00.000Z');
  });

  it('weekly: on the chosen weekday, covering the 7 days before', () => {
    // 2026-11-26 is a Thursday; Monday is 2026-11-30.
    const run = nextRun({ frequency: 'weekly', hour: 9, weekDay: 1 }, 'UTC', new Date('2026-11-26T05:00:00Z'));
    expect(iso(run.sendAt)).toBe('2026-11-30T09:00:00.000Z');
    expect(iso(run.periodStart)).toBe('2026-11-23T00:00:00.000Z');
    expect(iso(run.periodEnd)).toBe('2026-11-30T00:00:00.000Z');
    const sunday = nextRun({ frequency: 'weekly', hour: 9, weekDay: 7 }, 'UTC', new Date('2026-11-26T05:00:00Z'));
    expect(iso(sunday.sendAt)).toBe('2026-11-29T09:00:00.000Z');
  });

  it('monthly: on the 1st, covering the month before', () => {
    const run = nextRun(
      { frequency: 'monthly', hour: 6, weekDay: 1 },
      'America/New_York',
      new Date('2026-11-26T05:00:00Z'),
    );
    expect(iso(run.sendAt)).toBe('2026-12-01T11:00:00.000Z');
    expect(iso(run.periodStart)).toBe('2026-11-01T04:00:00.000Z'); // EDT until 1 November 02:00
    expect(iso(run.periodEnd)).toBe('2026-12-01T05:00:00.000Z');
  });

  it('consecutive runs cover consecutive periods, each once, across a DST change', () => {
    const s = { frequency: 'daily' as const, hour: 2, weekDay: 1 };
    let run = nextRun(s, 'America/New_York', new Date('2026-03-05T12:00:00Z'));
    for (let i = 0; i < 6; i++) {
      const next = nextRun(s, 'America/New_York', run.sendAt);
      expect(iso(next.periodStart)).toBe(iso(run.periodEnd));
      expect(next.sendAt.getTime()).toBeGreaterThan(run.sendAt.getTime());
      run = next;
    }
    expect(iso(wallToInstant('America/New_York', Date.UTC(2026, 2, 9)))).toBe('2026-03-09T04:00:00.000Z');
  });

  it('the last full period before now ("send now")', () => {
    const now = new Date('2026-11-26T05:00:00Z');
    expect(lastFullPeriod({ frequency: 'daily', hour: 8, weekDay: 1 }, 'UTC', now)).toEqual({
      start: new Date('2026-11-25T00:00:00Z'),
      end: new Date('2026-11-26T00:00:00Z'),
    });
    expect(lastFullPeriod({ frequency: 'monthly', hour: 8, weekDay: 1 }, 'UTC', now)).toEqual({
      start: new Date('2026-10-01T00:00:00Z'),
      end: new Date('2026-11-01T00:00:00Z'),
    });
    expect(lastFullPeriod({ frequency: 'weekly', hour: 8, weekDay: 1 }, 'UTC', now)).toEqual({
      start: new Date('2026-11-16T00:00:00Z'),
      end: new Date('2026-11-23T00:00:00Z'),
    });
  });
});
