import type { AlertRule } from '@pitboss/contract';
import { DEFAULT_RULES } from '@pitboss/engine';
import { describe, expect, it } from 'vitest';
import { isExact, replayStart } from './replay';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const newest = Date.parse('2026-03-31T10:00:00Z');
const rule = (patch: Partial<AlertRule>): AlertRule => ({ ...(DEFAULT_RULES[4] as AlertRule), ...patch });

describe('replay horizon', () => {
  it('reaches two windows before the lateness floor of the rule that reaches furthest', () => {
    expect(newest - replayStart(DEFAULT_RULES, newest, DAY)).toBe(3 * DAY);
    expect(newest - replayStart([rule({ TimeUnit: 'hour', LoopValue: 6 })], newest, DAY)).toBe(DAY + 12 * HOUR);
    // Calendar months: 30 March 10:00 → (no 30 February) 1 March 00:00 → 1 February 00:00.
    expect(new Date(replayStart([rule({ TimeUnit: 'month', LoopValue: 1 })], newest, DAY)).toISOString()).toBe(
      '2026-02-01T00:00:00.000Z',
    );
  });

  it('ignores disabled rules, replays nothing without rules, and stops at the cap', () => {
    expect(replayStart([rule({ LoopValue: 30, Enabled: false })], newest, DAY)).toBe(Number.POSITIVE_INFINITY);
    expect(newest - replayStart([rule({ TimeUnit: 'week', LoopValue: 4 })], newest, DAY, 15 * DAY)).toBe(15 * DAY);
  });

  it('keeps a replayed alert only when its window and the earlier positions’ windows were replayed', () => {
    const start = Date.parse('2026-03-28T10:00:00Z');
    const alert = (at: string) => ({ at }) as Parameters<typeof isExact>[0];
    const daily = DEFAULT_RULES[4] as AlertRule;
    expect(isExact(alert('2026-03-30T10:00:00.000Z'), daily, start)).toBe(true);
    expect(isExact(alert('2026-03-30T09:59:59.999Z'), daily, start)).toBe(false);
  });
});
