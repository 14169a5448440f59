import type { AlertRule } from '@pitboss/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine, type EngineSnapshot } from './engine';
import type { SubjectSnapshot } from './subject-state';
import { BASE_TIME, byTimeAndId, cut, eventsArb, eventsWithStepArb, exemptions, rulesArb } from './testing/arbitraries';
import { alertKey, oracleAlerts } from './testing/oracle';
import type { Alert, EngineEvent, EngineOptions } from './types';

const EVIDENCE_CAP = 3;
const INFINITE = Number.POSITIVE_INFINITY;

interface Plan {
  /** Restart (snapshot → JSON → new engine) after these batch indexes. */
  restarts: number[];
  /** Server-like: load states lazily from a JSON store, persist dirty ones, expire and unload. */
  lazy: boolean;
  maxResident: number;
}

/** Runs the engine the way the server will, and returns every alert it raised. */
function runEngine(rules: AlertRule[], batches: EngineEvent[][], options: EngineOptions, plan: Plan): Alert[] {
  const all: Alert[] = [];
  const store = new Map<string, string>();
  let meta = '';
  const start = (snapshot?: EngineSnapshot) =>
    new Engine({ rules, exemptions, options: { ...options, lazy: plan.lazy }, snapshot });
  let engine = start();
  batches.forEach((batch, index) => {
    if (plan.lazy) {
      for (const key of engine.missingKeys(batch)) {
        const stored = store.get(key);
        engine.load(key, stored ? (JSON.parse(stored) as SubjectSnapshot) : null);
      }
    }
    const result = engine.process(batch);
    all.push(...result.alerts);
    if (plan.lazy) {
      for (const key of result.dirty) store.set(key, JSON.stringify(engine.snapshotState(key)));
      meta = JSON.stringify(engine.meta());
      for (const key of engine.expire()) store.delete(key);
      for (const [key, json] of store) {
        const ruleId = Number(key.split(':')[0]);
        if ((JSON.parse(json) as SubjectSnapshot).watermark <= engine.expiryHorizon(ruleId)) store.delete(key);
      }
      engine.unload(plan.maxResident);
    }
    if (plan.restarts.includes(index)) {
      engine = plan.lazy
        ? start({ meta: JSON.parse(meta), states: {} })
        : start(JSON.parse(JSON.stringify(engine.snapshot())));
    }
  });
  return sorted(all);
}

const sorted = (alerts: Alert[]) =>
  [...alerts].sort((a, b) => (alertKey(a) < alertKey(b) ? -1 : alertKey(a) > alertKey(b) ? 1 : 0));

const oracleOptions = (options: Required<Pick<EngineOptions, 'subjectLatenessMs' | 'ruleLatenessMs'>>) => ({
  exemptions,
  evidenceCap: EVIDENCE_CAP,
  ...options,
});

const planArb = fc.record({
  restarts: fc.array(fc.nat({ max: 20 }), { maxLength: 4 }),
  lazy: fc.boolean(),
  maxResident: fc.nat({ max: 4 }),
});
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Latenesses on every scale of the event grids, so late events land on both sides of the limit. */
const latenessArb = fc.constantFrom(
  ...[
    0,
    1,
    1_000,
    2_500,
    MINUTE,
    2.5 * MINUTE,
    HOUR,
    2.5 * HOUR,
    DAY,
    2.5 * DAY,
    10 * DAY,
    25 * DAY,
    60 * DAY,
    INFINITE,
  ],
);
const shuffle = <T>(items: T[], keys: number[]) =>
  items
    .map((item, i) => ({ item, key: keys[i % Math.max(keys.length, 1)] ?? 0 }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.item);

describe('engine against the oracle', () => {
  it('raises exactly the oracle alerts when batches arrive in time order, whatever the boundaries, the order within a batch or restarts', () => {
    fc.assert(
      fc.property(
        rulesArb,
        eventsArb,
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        planArb,
        latenessArb.filter((l) => l > 0),
        (rules, events, cuts, order, plan, lateness) => {
          const inOrder = [...events].sort(byTimeAndId);
          const batches = cut(inOrder, cuts).map((batch) => shuffle(batch, order));
          const options = { subjectLatenessMs: lateness, ruleLatenessMs: lateness, evidenceCap: EVIDENCE_CAP };
          const expected = sorted(oracleAlerts(rules, [inOrder], oracleOptions(options)));
          expect(runEngine(rules, batches, options, plan)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('raises, for late and out-of-order batches, every alert the oracle raises on the events counted so far, never retracting one', () => {
    fc.assert(
      fc.property(
        rulesArb,
        eventsWithStepArb,
        fc.array(fc.nat(), { maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.nat(),
        planArb,
        fc.tuple(latenessArb, latenessArb, fc.nat({ max: 30 }), fc.nat({ max: 60 }), fc.boolean()),
        (rules, [step, events], order, cuts, resend, plan, [subject, rule, subjectSteps, ruleSteps, onGrid]) => {
          // Half the runs take latenesses of a few grid steps, so late events fall on both sides of them.
          const subjectLatenessMs = onGrid ? (subjectSteps * step) / 2 : subject;
          const ruleLatenessMs = onGrid ? (ruleSteps * step) / 2 : rule;
          const batches = cut(shuffle(events, order), cuts);
          if (batches.length > 0) batches.push([...(batches[resend % batches.length] ?? [])]);
          const options = { subjectLatenessMs, ruleLatenessMs, evidenceCap: EVIDENCE_CAP };
          const expected = sorted(oracleAlerts(rules, batches, oracleOptions(options)));
          expect(runEngine(rules, batches, options, plan)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('re-evaluates late events exactly for one subject and a sum over an hour (a dense case of the above)', () => {
    const rule: AlertRule = {
      EventID: 1,
      EventName: 'store',
      EventType: 5,
      TimeUnit: 'hour',
      LoopValue: 1,
      Enabled: true,
      Levels: [
        { Level: 1, Op: '>=', Value: 3, MinSample: 1 },
        { Level: 2, Op: '>=', Value: 6, MinSample: 1 },
      ],
    };
    const purchase = (minute: number, amount: number, i: number): EngineEvent => ({
      type: 'purchase',
      id: `p${i}`,
      time: BASE_TIME + minute * 60_000,
      memberId: 'm1',
      baseAmount: amount,
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: 300 }), fc.integer({ min: 1, max: 3 })), { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.nat({ max: 150 }),
        planArb,
        (specs, order, cuts, latenessMinutes, plan) => {
          const events = specs.map(([minute, amount], i) => purchase(minute, amount, i));
          const batches = cut(shuffle(events, order), cuts);
          const options = {
            subjectLatenessMs: latenessMinutes * 60_000,
            ruleLatenessMs: INFINITE,
            evidenceCap: EVIDENCE_CAP,
          };
          const expected = sorted(oracleAlerts([rule], batches, oracleOptions(options)));
          expect(runEngine([rule], batches, options, plan)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with unlimited lateness, raises every alert the oracle raises on all the events, in any arrival order', () => {
    fc.assert(
      fc.property(
        rulesArb,
        eventsArb,
        fc.array(fc.nat(), { maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        planArb,
        (rules, events, order, cuts, plan) => {
          const options = { subjectLatenessMs: INFINITE, ruleLatenessMs: INFINITE, evidenceCap: EVIDENCE_CAP };
          const raised = new Set(runEngine(rules, cut(shuffle(events, order), cuts), options, plan).map(alertKey));
          for (const alert of oracleAlerts(rules, [events], oracleOptions(options)))
            expect(raised).toContain(alertKey(alert));
        },
      ),
      { numRuns: 200 },
    );
  });
});
