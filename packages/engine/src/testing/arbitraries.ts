import { type AlertRule, TIME_UNITS } from '@pitboss/contract';
import fc from 'fast-check';
import type { EngineEvent } from '../types';
import { createWhitelist } from '../whitelist';

/** Small domains on purpose, so thresholds, ties in time and shared subjects happen often. */
export const BASE_TIME = Date.parse('2026-01-29T00:00:00Z');
const STEPS = [1_000, 60_000, 3_600_000, 86_400_000, 10 * 86_400_000];
const MEMBERS = ['m1', 'm2', 'm3', 'm4'];
const FEW_MEMBERS = ['m1', 'm2'];
const IPS = ['10.0.0.1', '10.0.0.2', '2001:db8::1', '2001:DB8:0:0:0:0:0:1', '192.168.1.9'];
const AMOUNTS = [0, 0.1, 0.2, 0.3, 1, 2.5, 10];
const THRESHOLDS = [-1, 0, 0.3, 0.5, 1, 1.5, 2, 3, 5];

export const exemptions = createWhitelist({ memberIds: ['m4'], ips: ['192.168.0.0/16'] });

export const ruleArb = (eventId: number): fc.Arbitrary<AlertRule> =>
  fc.record({
    EventID: fc.constant(eventId),
    EventName: fc.constant(`rule ${eventId}`),
    EventType: fc.constantFrom(1, 2, 3, 4, 5, 6, 7),
    TimeUnit: fc.constantFrom(...TIME_UNITS),
    LoopValue: fc.integer({ min: 1, max: 3 }),
    Enabled: fc.constantFrom(true, true, true, true, false),
    Levels: fc.uniqueArray(
      fc.record({
        Level: fc.constantFrom(1, 2, 3),
        Op: fc.constantFrom('any', '>', '<', '>=', '<='),
        Value: fc.constantFrom(...THRESHOLDS),
        MinSample: fc.integer({ min: 0, max: 4 }),
      }),
      { selector: (l) => l.Level, minLength: 1, maxLength: 3 },
    ),
  });

export const rulesArb = fc
  .array(fc.nat(), { minLength: 1, maxLength: 3 })
  .chain((ids) => fc.tuple(...ids.map((_, i) => ruleArb(i + 1))));

const eventArb = (index: number, step: number): fc.Arbitrary<EngineEvent> => {
  const base = {
    id: fc.constantFrom('a', 'b', 'c').map((p) => `${p}${index}`),
    time: fc.integer({ min: 0, max: 40 }).map((k) => BASE_TIME + k * step),
    memberId: fc.oneof(fc.constantFrom(...FEW_MEMBERS), fc.constantFrom(...MEMBERS)),
  };
  const amount = fc.constantFrom(...AMOUNTS);
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ type: fc.constant('bet' as const), ...base, stake: amount, payout: amount }) },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant('login' as const),
        ...base,
        ip: fc.constantFrom(...IPS),
        success: fc.boolean(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record(
        {
          type: fc.constant('register' as const),
          ...base,
          ip: fc.constantFrom(...IPS),
          device: fc.constantFrom('d1', 'd2'),
        },
        { requiredKeys: ['type', 'id', 'time', 'memberId', 'ip'] },
      ),
    },
    {
      weight: 2,
      arbitrary: fc.record({ type: fc.constant('purchase' as const), ...base, baseAmount: fc.option(amount) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ type: fc.constant('transfer' as const), ...base, baseAmount: fc.option(amount) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant('bonus' as const),
        ...base,
        points: fc.constantFrom(-0.1, 0.1, 0.2, 1, 5),
      }),
    },
  );
};

/** Events with unique ids, times on a grid of one step (1 s to 10 days) so windows of every unit matter. */
export const eventsWithStepArb = fc
  .tuple(fc.constantFrom(...STEPS), fc.integer({ min: 0, max: 60 }))
  .chain(([step, count]) =>
    fc.tuple(fc.constant(step), fc.tuple(...Array.from({ length: count }, (_, i) => eventArb(i, step)))),
  );
export const eventsArb = eventsWithStepArb.map(([, events]) => events);

/** Cuts a list into consecutive batches at random points. */
export function cut<T>(items: T[], cuts: number[]): T[][] {
  const points = [...new Set(cuts.map((c) => c % (items.length + 1)))].sort((a, b) => a - b);
  const batches: T[][] = [];
  let from = 0;
  for (const point of [...points, items.length]) {
    if (point > from) batches.push(items.slice(from, point));
    from = Math.max(from, point);
  }
  return batches;
}

export function byTimeAndId(a: EngineEvent, b: EngineEvent): number {
  return a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
