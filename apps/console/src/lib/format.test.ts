import { describe, expect, it } from 'vitest';
import { datedFileName, formatDateTime } from './format';

describe('formatting', () => {
  it('shows instants in local time and leaves nonsense alone', () => {
    const iso = '2026-11-22T08:15:02.123Z';
    const local = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatDateTime(iso)).toBe(
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}:02`,
    );
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('soon')).toBe('soon');
  });

  it('dates export file names', () => {
    expect(datedFileName('blacklist', new Date(2026, 10, 22, 12))).toBe('blacklist-2026-11-22.csv');
  });
});
