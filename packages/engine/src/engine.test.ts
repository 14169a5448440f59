import type { AlertRule } from '@pitboss/contract';
import { describe, expect, it } from 'vitest';
import { Engine, MissingStateError } from './engine';
import { bet, login, minute, purchase } from './testing/events';
import { createWhitelist } from './whitelist';

/** Top-ups over one hour: level 1 from 100, level 2 from 200. */
const store: AlertRule = {
  EventID: 9,
  EventName: 'Store',
  EventType: 5,
  TimeUnit: 'hour',
  LoopValue: 1,
  Enabled: true,
  Levels: [
    { Level: 1, Op: '>=', Value: 100, MinSample: 1 },
    { Level: 2, Op: '>=', Value: 200, MinSample: 1 },
  ],
};
const engineWith = (rules: AlertRule[] = [store], options = {}) => new Engine({ rules, options });
const raised = (engine: Engine, events: Parameters<Engine['process']>[0]) =>
  engine.process(events).alerts.map((a) => [a.level, a.at, a.eventId]);

describe('engine', () => {
  it('raises a condition that persists once per window, again when its level rises or after a window without it', () => {
    const engine = engineWith();
    const events = [purchase('m1', 0, 100), purchase('m1', 10, 10), purchase('m1', 20, 100), purchase('m1', 30, 10)];
    expect(raised(engine, events)).toEqual([
      [1, new Date(minute(0)).toISOString(), events[0]?.id],
      [2, new Date(minute(20)).toISOString(), events[2]?.id],
    ]);
    // 01:35 holds no level, and at 02:00 no position of the past hour held level 1: raised again.
    const later = purchase('m1', 120, 150);
    expect(raised(engine, [purchase('m1', 95, 5), later])).toEqual([
      [1, new Date(minute(120)).toISOString(), later.id],
    ]);
  });

  it('keeps evidence: the window, the value, the threshold and the newest event ids up to the cap', () => {
    const engine = engineWith([store], { evidenceCap: 2 });
    const events = [1, 2, 3, 4].map((m) => purchase('m1', m, 25));
    const [alert] = engine.process(events).alerts;
    expect(alert).toEqual({
      ruleId: 9,
      eventType: 5,
      level: 1,
      subject: { kind: 'member', id: 'm1' },
      value: 100,
      threshold: 100,
      op: '>=',
      minSample: 1,
      sample: 4,
      windowStart: new Date(minute(4) - 3_600_000).toISOString(),
      windowEnd: new Date(minute(4)).toISOString(),
      at: new Date(minute(4)).toISOString(),
      eventId: events[3]?.id,
      eventIds: [events[2]?.id, events[3]?.id],
      eventCount: 4,
    });
  });

  it('raises nothing for whitelisted members and IPs, but keeps counting', () => {
    const ipRule: AlertRule = {
      ...store,
      EventID: 3,
      EventType: 3,
      Levels: [{ Level: 1, Op: '>=', Value: 2, MinSample: 1 }],
    };
    const exemptions = createWhitelist({ memberIds: ['vip'], ips: ['10.0.0.0/8'] });
    const engine = new Engine({ rules: [store, ipRule], exemptions });
    const events = [
      purchase('vip', 0, 500),
      login('a', 0, '10.1.2.3'),
      login('b', 1, '10.1.2.3'),
      login('a', 2, '8.8.8.8'),
      login('b', 3, '8.8.8.8'),
    ];
    expect(engine.process(events).alerts.map((a) => a.subject)).toEqual([{ kind: 'ip', id: '8.8.8.8' }]);
    engine.setExemptions(createWhitelist({}));
    expect(engine.process([purchase('vip', 5, 1)]).alerts).toEqual([]); // level 2 is not reached; level 1 was already held
  });

  it('evaluates a late event where it belongs, and ignores one older than the allowed lateness', () => {
    const engine = engineWith([store], { subjectLatenessMs: 30 * 60_000 });
    expect(engine.process([purchase('m1', 50, 60)]).alerts).toEqual([]);
    const late = purchase('m1', 40, 60);
    const result = engine.process([late]);
    expect(result.alerts.map((a) => [a.eventId, a.value])).toEqual([[expect.any(String), 120]]);
    expect(result.alerts[0]?.at).toBe(new Date(minute(50)).toISOString()); // the position that now crosses
    const tooLate = engine.process([purchase('m1', 19, 500)]);
    expect(tooLate).toMatchObject({ alerts: [], tooLate: 1, dirty: [] });
  });

  it('keeps the rows the window of a late event still needs', () => {
    const engine = engineWith([store], { subjectLatenessMs: 30 * 60_000 });
    engine.process([purchase('m1', 0, 60), purchase('m1', 40, 30)]);
    engine.process([purchase('m1', 100, 10)]);
    // 01:15 is on time (after 01:40 − 30 min); its hour (00:15, 01:15] still holds the top-up of 00:40.
    const late = purchase('m1', 75, 80);
    expect(engine.process([late]).alerts).toMatchObject([{ eventId: late.id, value: 110, eventCount: 2 }]);
  });

  it('ignores an event sent twice', () => {
    const engine = engineWith();
    const event = purchase('m1', 0, 150);
    expect(engine.process([event, event]).alerts).toHaveLength(1);
    expect(engine.process([event])).toMatchObject({ alerts: [], dirty: [] });
  });

  it('in lazy mode, refuses a batch until its states are loaded, and changes nothing meanwhile', () => {
    const engine = engineWith([store], { lazy: true });
    const events = [purchase('m1', 0, 150)];
    expect(() => engine.process(events)).toThrow(MissingStateError);
    expect(engine.missingKeys(events)).toEqual(['9:member:m1']);
    engine.load('9:member:m1', null);
    expect(engine.process(events)).toMatchObject({ alerts: [{ level: 1 }], dirty: ['9:member:m1'] });
  });

  it('restores from JSON as if it had never stopped', () => {
    const first = engineWith();
    first.process([purchase('m1', 0, 150)]);
    const second = new Engine({ rules: [store], snapshot: JSON.parse(JSON.stringify(first.snapshot())) });
    expect(raised(second, [purchase('m1', 1, 10)])).toEqual([]);
    expect(raised(second, [purchase('m1', 2, 50)])).toEqual([
      [2, new Date(minute(2)).toISOString(), expect.any(String)],
    ]);
  });

  it('expires states that can never count again', () => {
    const engine = engineWith([store], { subjectLatenessMs: 0, ruleLatenessMs: 60 * 60_000 });
    engine.process([purchase('idle', 0, 1), purchase('busy', 0, 1)]);
    engine.process([purchase('busy', 120, 1)]);
    expect(engine.expiryHorizon(9)).toBe(minute(0));
    expect(engine.expire()).toEqual(['9:member:idle']);
    expect(engine.residentCount()).toBe(1);
  });

  it('rescores on a change of levels and drops the states of a rule whose type changed', () => {
    const engine = engineWith();
    engine.process([purchase('m1', 0, 150)]);
    engine.setRules([{ ...store, Levels: [{ Level: 3, Op: '>=', Value: 160, MinSample: 1 }] }]);
    expect(raised(engine, [purchase('m1', 1, 10)])).toEqual([
      [3, new Date(minute(1)).toISOString(), expect.any(String)],
    ]);
    expect(engine.setRules([{ ...store, EventType: 6 }])).toEqual(['9:member:m1']);
    expect(engine.setRules([{ ...store, Enabled: false }])).toEqual([]);
    expect(engine.process([purchase('m1', 2, 500)]).alerts).toEqual([]);
  });

  it('measures a ratio only over a stake', () => {
    const ratio: AlertRule = { ...store, EventType: 1, Levels: [{ Level: 1, Op: 'any', Value: 0, MinSample: 1 }] };
    const engine = engineWith([ratio]);
    expect(engine.process([bet('m1', 0, 0, 5)]).alerts).toEqual([]);
    expect(engine.process([bet('m1', 1, 10, 0)]).alerts).toMatchObject([{ value: 0.5, threshold: null, op: 'any' }]);
  });
});
