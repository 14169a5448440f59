import { afterEach, describe, expect, it } from 'vitest';
import { datedFileName, formatDateTime } from './format';
import { companyNow, isoInZone, setCompanyTimeZone, toInstant, wallClock, zoneOffsetLabel } from './time-zone';

describe('formatting in the company time zone', () => {
  afterEach(() => setCompanyTimeZone(null));

  it('shows instants in the company zone, whatever the browser’s, and leaves nonsense alone', () => {
    const iso = '2026-11-22T20:15:02.123Z';
    setCompanyTimeZone('Asia/Taipei');
    expect(formatDateTime(iso)).toBe('2026-11-23 04:15:02');
    expect(isoInZone(iso)).toBe('2026-11-23T04:15:02+08:00');
    expect(zoneOffsetLabel(iso)).toBe('UTC+08:00');
    setCompanyTimeZone('America/New_York');
    expect(formatDateTime(iso)).toBe('2026-11-22 15:15:02');
    expect(isoInZone(iso)).toBe('2026-11-22T15:15:02-05:00');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('soon')).toBe('soon');
  });

  it('turns company wall-clock values into instants with the company offset, and back', () => {
    setCompanyTimeZone('Asia/Taipei');
    const midnight = wallClock('2026-11-22T20:15:02Z').startOf('day');
    expect(midnight.format('YYYY-MM-DD HH:mm')).toBe('2026-11-23 00:00');
    expect(toInstant(midnight)).toBe('2026-11-23T00:00:00+08:00');
    expect(Date.parse(toInstant(midnight))).toBe(Date.parse('2026-11-22T16:00:00Z'));
    expect(Math.abs(Date.parse(toInstant(companyNow())) - Date.now())).toBeLessThan(2_000);
  });

  it('dates export file names', () => {
    expect(datedFileName('blacklist', new Date(2026, 10, 22, 12))).toBe('blacklist-2026-11-22.csv');
  });
});
