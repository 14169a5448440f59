import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { DEMO_PUBLISHER_NAME, demoBets, ensureDemoPublisher, previousMonth } from './demo-publisher';

describe('demo bets', () => {
  it('fall in the month before, carry the customer ids, and are the same every time', () => {
    const month = previousMonth(new Date('2026-03-05T00:00:00Z'));
    expect(month).toEqual({ month: '2026-02', days: 28 });
    expect(previousMonth(new Date('2026-01-31T23:00:00Z'))).toEqual({ month: '2025-12', days: 31 });
    const customer = { ids: ['a', 'b'], players: 5, bets: 300 };
    const bets = demoBets(customer, month, 'x', 1);
    expect(bets).toHaveLength(300);
    expect(bets.every((b) => b.at >= '2026-02-01T02:00' && b.at < '2026-02-28T10:00:01Z')).toBe(true);
    expect(new Set(bets.map((b) => b.customerId))).toEqual(new Set(['a', 'b']));
    expect(new Set(bets.map((b) => b.id)).size).toBe(300);
    expect(demoBets(customer, month, 'x', 1)).toEqual(bets);
  });
});

describeEachDatabase('demo publisher', (t) => {
  let token: string;
  let cid: number;
  const month = previousMonth(new Date());
  beforeAll(async () => {
    // Not a first start: company 1 and its administrator are there already.
    const seeded = await ensureDemoPublisher(t.app, 'admin');
    expect(seeded.created).toBe(true);
    cid = seeded.cid;
    const admin = await t.login();
    const switched = await t.call({
      method: 'POST',
      url: '/api/v2/auth/update-company-permission',
      token: admin,
      payload: { cid },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    token = switched.json().token;
  });
  const get = async (url: string) => {
    const res = await t.call({ method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('is a publisher the first administrator works in, with customers and their reconciliations', async () => {
    const customers = await get('/api/v2/reconcile/customers');
    expect(customers.data.recordset.map((c: { BusinessName: string }) => c.BusinessName).sort()).toEqual([
      'Golden Dragon Casino',
      'Lucky Star Online',
      'Royal Spin',
    ]);
    const workflows = await get(`/api/v2/reconcile/workflows?Month=${month.month}`);
    const byName = new Map(
      workflows.data.recordset.map((w: { BusinessName: string; Status: string; ID: number }) => [w.BusinessName, w]),
    );
    expect(byName.size).toBe(2);
    expect(byName.get('Lucky Star Online')).toMatchObject({ Status: '0' });
    const frozen = byName.get('Golden Dragon Casino') as { ID: number; Status: string };
    expect(frozen.Status).toBe('2');
    const detail = (await get(`/api/v2/reconcile/workflows/${frozen.ID}`)).data;
    expect(detail.Rounds).toBe(900);
    expect(detail.Games.length).toBeGreaterThan(1);
    expect(detail.Adjustments).toBe(-150);
    expect(detail.Total).toBeCloseTo(detail.GGR - 150, 6);
    expect(detail.Difference.Rounds).toBe(25);
    expect(detail.History.map((h: { To: string }) => h.To)).toEqual(['0', '2']);
  });

  it('reports the month for every customer', async () => {
    const report = (await get(`/api/v2/reconcile/report?From=${month.month}&To=${month.month}`)).data;
    expect(new Set(report.Totals.map((r: { BusinessName: string }) => r.BusinessName)).size).toBe(3);
    // Royal Spin is billed in baht, converted with the demo rate.
    expect(report.Totals.find((r: { BusinessName: string }) => r.BusinessName === 'Royal Spin')).toMatchObject({
      Currency: 'THB',
      Rate: 0.0285,
    });
    expect(report.Rows.length).toBeGreaterThan(3);
  });

  it('is created only while missing: another start changes nothing', async () => {
    const count = async (table: string) =>
      (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE cid = $1`, [cid])).rows[0]?.n;
    const before = {
      bets: await count('bet'),
      customers: await count('reconcile_customer'),
      workflows: await count('reconcile_workflow'),
      adjustments: await count('reconcile_adjustment'),
    };
    expect(before).toMatchObject({ customers: 3, workflows: 2, adjustments: 1 });
    expect(await ensureDemoPublisher(t.app, 'admin')).toEqual({ cid, created: false });
    expect(await ensureDemoPublisher(t.app, 'admin', new Date(Date.now() + 40 * 86_400_000))).toEqual({
      cid,
      created: false,
    });
    expect({
      bets: await count('bet'),
      customers: await count('reconcile_customer'),
      workflows: await count('reconcile_workflow'),
      adjustments: await count('reconcile_adjustment'),
    }).toEqual(before);
    const named = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM company WHERE name = $1', [
      DEMO_PUBLISHER_NAME,
    ]);
    expect(named.rows[0]?.n).toBe(1);
  });
});
