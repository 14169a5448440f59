import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeAlert } from '../../../testing/alerts';
import type { NewAlert } from '../player-alerts.repository';
import { incidentKey, type OpenAlert, planIncidents, raiseKey } from './incidents';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 0, minute)).toISOString();
const raise = (member: string, minute: number, level: 1 | 2 | 3, ruleId = 1): NewAlert =>
  makeAlert({
    ruleId,
    level,
    value: level * 10,
    subject: { kind: 'member', id: member },
    windowEnd: at(minute),
    eventId: `e-${member}-${minute}-${level}`,
  });

describe('one incident, one alert', () => {
  it('opens an alert, escalates it as the level rises, and lets equal or lower levels join it', () => {
    const plan = planIncidents(
      [raise('a', 3, 2), raise('a', 1, 1), raise('a', 5, 1), raise('a', 9, 3)],
      new Set(),
      new Map(),
      at(60),
    );
    expect(plan.changes).toHaveLength(1);
    const [change] = plan.changes;
    expect(change?.previousLevel).toBeNull();
    expect(change?.top.level).toBe(3);
    expect(change?.steps.map((s) => [s.Level, s.HappenedAt])).toEqual([
      [1, at(1)],
      [2, at(3)],
      [3, at(9)],
    ]);
    expect(plan.raises).toHaveLength(4);
  });

  it('escalates a pending alert only above its level, and skips raises stored before', () => {
    const first = raise('a', 1, 2);
    const open = new Map<string, OpenAlert>([
      [incidentKey(first), { alertId: 7, eventId: 1, subjectKind: 'member', subjectId: 'a', level: 2 }],
    ]);
    const lower = planIncidents([raise('a', 4, 1), raise('a', 5, 2)], new Set(), open, at(60));
    expect(lower.changes).toEqual([]);
    expect(lower.raises).toHaveLength(2);
    const higher = planIncidents([first, raise('a', 6, 3)], new Set([raiseKey(first)]), open, at(60));
    expect(higher.changes.map((c) => [c.alertId, c.previousLevel, c.top.level])).toEqual([[7, 2, 3]]);
    expect(higher.raises.map((r) => r.alert.level)).toEqual([3]);
  });

  it('keeps rules and subjects apart', () => {
    const plan = planIncidents([raise('a', 1, 1), raise('b', 1, 1), raise('a', 2, 1, 5)], new Set(), new Map(), at(60));
    expect(plan.changes).toHaveLength(3);
  });

  it('agrees with applying the raises one at a time, in time order, whatever order they come in', () => {
    const arbitraryRaise = fc.record({
      member: fc.constantFrom('a', 'b'),
      minute: fc.integer({ min: 0, max: 30 }),
      level: fc.constantFrom(1 as const, 2 as const, 3 as const),
    });
    fc.assert(
      fc.property(fc.array(arbitraryRaise, { maxLength: 12 }), fc.constantFrom(0, 1, 2, 3), (specs, pendingLevel) => {
        const raises = specs.map((s) => raise(s.member, s.minute, s.level));
        const open = new Map<string, OpenAlert>();
        if (pendingLevel > 0) {
          open.set(incidentKey(raise('a', 0, 1)), {
            alertId: 1,
            eventId: 1,
            subjectKind: 'member',
            subjectId: 'a',
            level: pendingLevel as 1 | 2 | 3,
          });
        }
        // The oracle: one alert level per member, raised in time order, never lowered.
        const level = new Map<string, number>([
          ['a', pendingLevel],
          ['b', 0],
        ]);
        const sorted = [...raises].sort((x, y) => x.windowEnd.localeCompare(y.windowEnd) || x.level - y.level);
        const seen = new Set<string>();
        for (const r of sorted) {
          if (seen.has(raiseKey(r))) continue;
          seen.add(raiseKey(r));
          level.set(r.subject.id, Math.max(level.get(r.subject.id) ?? 0, r.level));
        }
        for (const given of [raises, [...raises].reverse()]) {
          const plan = planIncidents(given, new Set(), open, at(60));
          expect(plan.raises).toHaveLength(seen.size);
          for (const member of ['a', 'b']) {
            const change = plan.changes.find((c) => c.top.subject.id === member);
            const before = member === 'a' ? pendingLevel : 0;
            const after = level.get(member) ?? 0;
            if (after > before) {
              expect(change?.top.level).toBe(after);
              expect(change?.previousLevel).toBe(before === 0 ? null : before);
              expect(change?.alertId).toBe(before === 0 ? undefined : 1);
              const levels = change?.steps.map((s) => s.Level) ?? [];
              expect([...levels].sort()).toEqual(levels);
              expect(new Set(levels).size).toBe(levels.length);
            } else {
              expect(change).toBeUndefined();
            }
          }
        }
      }),
    );
  });
});
