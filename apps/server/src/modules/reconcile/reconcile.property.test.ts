import {
  canAdjust,
  canTransition,
  type IngestEvent,
  RECONCILE_STATUSES,
  RECONCILE_TRANSITIONS,
} from '@pitboss/contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../testing/session';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, addUser } from '../../testing/users';
import { adjustmentProblem, netAdjustments, transitionProblem } from './reconcile-machine';

type Status = (typeof RECONCILE_STATUSES)[number];
type Action =
  | { kind: 'status'; to: Status; memo: string }
  | { kind: 'adjust'; adjust: 0 | 1; amount: number; reportMonth: 0 | 1 };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('status' as const),
    to: fc.constantFrom(...RECONCILE_STATUSES),
    memo: fc.constantFrom('', 'reason'),
  }),
  fc.record({
    kind: fc.constant('adjust' as const),
    adjust: fc.constantFrom(0 as const, 1 as const),
    // Cents, and now and then a bad amount (0, negative, too many decimals).
    amount: fc.oneof(
      fc.integer({ min: 1, max: 100_000 }).map((c) => c / 100),
      fc.constantFrom(0, -3, 1.005),
    ),
    reportMonth: fc.constantFrom(0 as const, 1 as const),
  }),
);

/** What the machine allows, walked by hand: the model the server is held to. */
function model(actions: Action[]) {
  let status: Status = '0';
  const accepted: { adjust: 0 | 1; amount: number }[] = [];
  const steps: { ok: boolean; status: Status; net: number }[] = [];
  for (const a of actions) {
    let ok: boolean;
    if (a.kind === 'status') {
      ok = canTransition(status, a.to) && !(status === '1' && a.to === '0' && a.memo === '');
      if (ok) status = a.to;
    } else {
      ok = canAdjust(status) && a.amount > 0 && (String(a.amount).split('.')[1]?.length ?? 0) <= 2;
      if (ok) accepted.push(a);
    }
    steps.push({ ok, status, net: netAdjustments(accepted, 'USD') });
  }
  return steps;
}

describe('the reconcile machine (pure)', () => {
  it('agrees with the model on every random sequence; void is final; only listed edges are taken', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        let status: Status = '0';
        const accepted: { adjust: 0 | 1; amount: number }[] = [];
        const expected = model(actions);
        actions.forEach((a, i) => {
          if (a.kind === 'status') {
            const problem = transitionProblem(status, a.to, a.memo);
            if (!problem) {
              expect(RECONCILE_TRANSITIONS[status]).toContain(a.to);
              status = a.to;
            }
            expect(!problem).toBe(expected[i]?.ok);
          } else {
            const problem = adjustmentProblem(status, a.amount, 'USD');
            if (!problem) accepted.push(a);
            expect(!problem).toBe(expected[i]?.ok);
          }
          expect(status).toBe(expected[i]?.status);
          expect(netAdjustments(accepted, 'USD')).toBe(expected[i]?.net);
          if (i > 0 && expected[i - 1]?.status === '3') expect(status).toBe('3');
        });
      }),
      { numRuns: 500 },
    );
  });
});

describeEachDatabase('reconcile through the API (property)', (t) => {
  let cid: number;
  let token: string;
  let run = 0;
  beforeAll(async () => {
    cid = await addCompany(t, 'Prop Games', 2);
    await addUser(t.db, 'prop-admin', 'admin', cid);
    token = await loginAs(t, 'prop-admin');
  });

  it('no random sequence of transitions and adjustments reaches a forbidden state; Total = events + adjustments', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 })), {
          minLength: 0,
          maxLength: 3,
        }),
        async (actions, bets) => {
          run += 1;
          const month = `20${String(10 + Math.floor(run / 12)).padStart(2, '0')}-${String((run % 12) + 1).padStart(2, '0')}`;
          const ids = [`prop-${run}`];
          const customer = (
            await t.call({
              method: 'POST',
              url: '/api/v2/reconcile/customers',
              token,
              payload: { BusinessName: `Prop ${run}`, Currency: 'USD', CommissionRate: 10, CustomerIDs: ids },
            })
          ).json().ID;
          if (bets.length > 0)
            await t.app.eventStore.store(
              cid,
              bets.map(
                ([stake, payout], i) =>
                  ({
                    id: `p${run}-${i}`,
                    type: 'bet',
                    at: `${month}-15T12:00:00+08:00`,
                    memberId: `pm${i}`,
                    gameId: 'g',
                    roundId: `pr${run}-${i}`,
                    stake,
                    payout,
                    currency: 'USD',
                    customerId: ids[0],
                  }) as IngestEvent,
              ),
            );
          const events = bets.reduce((s, [stake, payout]) => s + stake - payout, 0);
          const id = (
            await t.call({
              method: 'POST',
              url: '/api/v2/reconcile/workflows',
              token,
              payload: { CustomerID: customer, Month: month },
            })
          ).json().ID;
          const expected = model(actions);
          for (const [i, a] of actions.entries()) {
            const res =
              a.kind === 'status'
                ? await t.call({
                    method: 'PUT',
                    url: `/api/v2/reconcile/workflows/${id}/status`,
                    token,
                    payload: { Status: a.to, Memo: a.memo },
                  })
                : await t.call({
                    method: 'POST',
                    url: `/api/v2/reconcile/workflows/${id}/adjustments`,
                    token,
                    payload: { Adjust: a.adjust, Amount: a.amount, ReportMonth: a.reportMonth, Memo: 'prop' },
                  });
            expect(res.statusCode === 200, res.body).toBe(expected[i]?.ok);
            if (res.statusCode !== 200) expect([400, 409]).toContain(res.statusCode);
          }
          const detail = (await t.call({ method: 'GET', url: `/api/v2/reconcile/workflows/${id}`, token })).json().data;
          const last = expected[expected.length - 1];
          expect(detail.Status).toBe(last?.status);
          expect(detail.GGR).toBe(events);
          expect(detail.Adjustments).toBeCloseTo(last?.net ?? 0, 6);
          expect(detail.Total).toBeCloseTo(events + (last?.net ?? 0), 6);
          // Every accepted transition is recorded, along listed edges only.
          for (const h of detail.History.slice(1)) expect(RECONCILE_TRANSITIONS[h.From as Status]).toContain(h.To);
        },
      ),
      { numRuns: 10 },
    );
  }, 120_000);
});
