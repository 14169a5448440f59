import type { IngestEvent } from '@pitboss/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../testing/session';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, addUser } from '../../testing/users';

const R = '/api/v2/reconcile';

/** Bets of the publisher's customers in March 2026 (company time zone Asia/Taipei by default). */
function bet(
  id: string,
  customerId: string,
  gameId: string,
  stake: number,
  payout: number,
  at = '2026-03-10T12:00:00+08:00',
): IngestEvent {
  return {
    id,
    type: 'bet',
    at,
    memberId: `m-${id}`,
    gameId,
    roundId: `r-${id}`,
    stake,
    payout,
    currency: 'USD',
    customerId,
  } as IngestEvent;
}

describeEachDatabase('reconcile', (t) => {
  let pubCid: number;
  let admin: string;
  let editor: string;
  let platformAdmin: string;
  let otherPub: string;
  let aggregatorAdmin: string;
  beforeAll(async () => {
    pubCid = await addCompany(t, 'Dragon Games', 2);
    await addUser(t.db, 'pub-admin', 'admin', pubCid);
    await addUser(t.db, 'pub-editor', 'editor', pubCid);
    admin = await loginAs(t, 'pub-admin');
    editor = await loginAs(t, 'pub-editor');
    platformAdmin = await loginAs(t, 'admin', 'admin-password-1');
    const other = await addCompany(t, 'Other Games', 2);
    await addUser(t.db, 'other-admin', 'admin', other);
    otherPub = await loginAs(t, 'other-admin');
    const aggregator = await addCompany(t, 'Aggregator Co', 3);
    await addUser(t.db, 'agg-admin', 'admin', aggregator);
    aggregatorAdmin = await loginAs(t, 'agg-admin');
    await t.app.eventStore.store(pubCid, [
      bet('b1', 'op-a', 'slot-1', 100, 40),
      bet('b2', 'op-a', 'slot-1', 50, 0),
      bet('b3', 'op-a2', 'poker', 200, 250),
      bet('b4', 'op-b', 'slot-1', 999, 0),
      bet('b5', 'op-a', 'slot-1', 10, 0, '2026-02-28T15:59:00Z'), // 23:59 of 28 Feb in Taipei: February
    ]);
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) =>
    t.call({ method, url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  let customer: number;

  it('refuses every reconcile call of a platform or aggregator company, before looking at the input', async () => {
    const calls: ['GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['GET', `${R}/customers`],
      ['POST', `${R}/customers`, { BusinessName: 'X', Currency: 'USD', CommissionRate: 1, CustomerIDs: ['x'] }],
      ['PUT', `${R}/customers/1`, { Status: '1' }],
      ['GET', `${R}/workflows`],
      ['POST', `${R}/workflows`, { CustomerID: 1, Month: '2026-01' }],
      ['GET', `${R}/workflows/1`],
      ['PUT', `${R}/workflows/1/status`, { Status: '2' }],
      ['POST', `${R}/workflows/1/adjustments`, { Adjust: 0, Amount: 1, Memo: 'x' }],
      ['GET', `${R}/report?From=2026-01&To=2026-01`],
    ];
    for (const token of [platformAdmin, aggregatorAdmin]) {
      for (const [method, url, payload] of calls) {
        const res = await call(method, url, payload, token);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('refuses platform companies, non-admins and anonymous callers', async () => {
    expect((await call('GET', `${R}/customers`, undefined, platformAdmin)).statusCode).toBe(403);
    expect((await call('GET', `${R}/workflows`, undefined, platformAdmin)).statusCode).toBe(403);
    expect((await call('GET', `${R}/report?From=2026-01&To=2026-03`, undefined, platformAdmin)).statusCode).toBe(403);
    expect((await call('GET', `${R}/customers`, undefined, editor)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `${R}/customers` })).statusCode).toBe(401);
  });

  describe('customers', () => {
    it('creates, searches by business name and member id, and edits', async () => {
      const res = await call('POST', `${R}/customers`, {
        BusinessName: 'Lucky Casino',
        Currency: 'USD',
        CommissionBasis: 'GGR',
        CommissionRate: 10,
        MinimumFee: 5,
        CustomerIDs: ['op-a', 'op-a2'],
      });
      expect(res.json()).toMatchObject({ status: 0, ID: expect.any(Number) });
      customer = res.json().ID;
      const byName = (await call('GET', `${R}/customers?SearchKey=2&Keyword=lucky`)).json();
      expect(byName.data.recordset).toEqual([
        expect.objectContaining({
          ID: customer,
          BusinessName: 'Lucky Casino',
          Status: '2',
          CustomerIDs: ['op-a', 'op-a2'],
        }),
      ]);
      const byId = (await call('GET', `${R}/customers?SearchKey=1&Keyword=op-a2`)).json();
      expect(byId.data.recordset.map((c: { ID: number }) => c.ID)).toEqual([customer]);
      expect(
        (await call('PUT', `${R}/customers/${customer}`, { Status: '1', Contacts: 'ann@lucky.test' })).statusCode,
      ).toBe(200);
      const edited = (await call('GET', `${R}/customers?SearchKey=2&Keyword=lucky`)).json().data.recordset[0];
      expect(edited).toMatchObject({ Status: '1', Contacts: 'ann@lucky.test', CommissionRate: 10 });
      // Company scope: another publisher sees none of them.
      expect((await call('GET', `${R}/customers`, undefined, otherPub)).json().data.recordset).toEqual([]);
      expect((await call('PUT', `${R}/customers/${customer}`, { Status: '3' }, otherPub)).statusCode).toBe(404);
    });

    it('refuses a customer id already used, an unknown status or currency, naming the field', async () => {
      const taken = await call('POST', `${R}/customers`, {
        BusinessName: 'Copycat',
        Currency: 'USD',
        CommissionRate: 5,
        CustomerIDs: ['op-a'],
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors[0].field).toBe('CustomerIDs');
      const status = await call('POST', `${R}/customers`, {
        BusinessName: 'X',
        Currency: 'USD',
        CommissionRate: 5,
        Status: '9',
        CustomerIDs: ['x'],
      });
      expect(status.json().errors[0].field).toBe('Status');
      const currency = await call('POST', `${R}/customers`, {
        BusinessName: 'X',
        Currency: 'QQQ',
        CommissionRate: 5,
        CustomerIDs: ['x'],
      });
      expect(currency.json().errors[0].field).toBe('Currency');
      expect((await call('GET', `${R}/customers`)).json().data.recordset).toHaveLength(1);
    });
  });

  describe('workflow', () => {
    let id: number;
    it('opens a month and computes it per game from the bets carrying the customer ids', async () => {
      const future = await call('POST', `${R}/workflows`, { CustomerID: customer, Month: '2999-01' });
      expect(future.statusCode).toBe(400);
      expect(future.json().errors[0].field).toBe('Month');
      const res = await call('POST', `${R}/workflows`, { CustomerID: customer, Month: '2026-03' });
      expect(res.json()).toMatchObject({ status: 0 });
      id = res.json().ID;
      expect((await call('POST', `${R}/workflows`, { CustomerID: customer, Month: '2026-03' })).statusCode).toBe(409);
      const detail = (await call('GET', `${R}/workflows/${id}`)).json().data;
      expect(detail).toMatchObject({
        Status: '0',
        Rounds: 3,
        Players: 3,
        Turnover: 350,
        Payout: 290,
        GGR: 60,
        Total: 60,
        CommissionDue: 6,
        Difference: null,
      });
      expect(detail.Games).toEqual([
        { GameID: 'poker', Rounds: 1, Players: 1, Turnover: 200, Payout: 250, GGR: -50 },
        { GameID: 'slot-1', Rounds: 2, Players: 2, Turnover: 150, Payout: 40, GGR: 110 },
      ]);
      const list = (await call('GET', `${R}/workflows?Month=2026-03&CustomerIDs=${customer}`)).json();
      expect(list.data.recordset).toEqual([expect.objectContaining({ ID: id, BusinessName: 'Lucky Casino', GGR: 60 })]);
    });

    it('enforces the state machine and takes adjustments, refusing bad ones', async () => {
      const forbidden = await call('PUT', `${R}/workflows/${id}/status`, { Status: '1' });
      expect(forbidden.statusCode).toBe(409);
      expect(forbidden.json().errors[0].field).toBe('Status');
      expect((await call('PUT', `${R}/workflows/${id}/status`, { Status: '7' })).json().errors[0].field).toBe('Status');
      for (const Amount of [0, -5]) {
        const bad = await call('POST', `${R}/workflows/${id}/adjustments`, { Adjust: 0, Amount, Memo: 'x' });
        expect(bad.json().errors[0].field).toBe('Amount');
      }
      const cents = await call('POST', `${R}/workflows/${id}/adjustments`, { Adjust: 0, Amount: 1.234, Memo: 'x' });
      expect(cents.json().errors[0].field).toBe('Amount');
      expect(
        (await call('POST', `${R}/workflows/${id}/adjustments`, { Adjust: 0, Amount: 15.5, Memo: 'bonus' })).statusCode,
      ).toBe(200);
      expect(
        (
          await call('POST', `${R}/workflows/${id}/adjustments`, {
            Adjust: 1,
            Amount: 5.5,
            ReportMonth: 1,
            Memo: 'Feb late bets',
          })
        ).statusCode,
      ).toBe(200);
      const detail = (await call('GET', `${R}/workflows/${id}`)).json().data;
      expect(detail).toMatchObject({ Adjustments: 10, Total: 70, CommissionDue: 7 });
      expect(detail.AdjustmentList).toEqual([
        expect.objectContaining({ Adjust: 0, Amount: 15.5, ReportMonth: 0, Memo: 'bonus', CreatedBy: 'pub-admin' }),
        expect.objectContaining({ Adjust: 1, Amount: 5.5, ReportMonth: 1, Memo: 'Feb late bets' }),
      ]);
    });

    it('freezes the figures at waiting confirm: later bets show as a difference', async () => {
      expect((await call('PUT', `${R}/workflows/${id}/status`, { Status: '2', Memo: 'sent' })).statusCode).toBe(200);
      await t.app.eventStore.store(pubCid, [bet('late1', 'op-a', 'slot-1', 30, 0, '2026-03-31T10:00:00+08:00')]);
      const detail = (await call('GET', `${R}/workflows/${id}`)).json().data;
      expect(detail).toMatchObject({ Status: '2', Turnover: 350, GGR: 60, FrozenAt: expect.any(String) });
      expect(detail.Difference).toMatchObject({
        Rounds: 1,
        Turnover: 30,
        GGR: 30,
        Games: [expect.objectContaining({ GameID: 'slot-1', Turnover: 30 })],
      });
      expect((await call('PUT', `${R}/workflows/${id}/status`, { Status: '1', Memo: 'confirmed' })).statusCode).toBe(
        200,
      );
      expect(
        (await call('POST', `${R}/workflows/${id}/adjustments`, { Adjust: 0, Amount: 1, Memo: 'late' })).statusCode,
      ).toBe(409);
      // Reopening needs a reason.
      expect((await call('PUT', `${R}/workflows/${id}/status`, { Status: '0' })).json().errors[0].field).toBe('Memo');
      expect(
        (await call('PUT', `${R}/workflows/${id}/status`, { Status: '0', Memo: 'customer disputes' })).statusCode,
      ).toBe(200);
      const reopened = (await call('GET', `${R}/workflows/${id}`)).json().data;
      expect(reopened).toMatchObject({ Status: '0', Turnover: 380, FrozenAt: null, Difference: null });
      expect(reopened.History.map((h: { To: string; CreatedBy: string }) => [h.To, h.CreatedBy])).toEqual([
        ['0', 'pub-admin'],
        ['2', 'pub-admin'],
        ['1', 'pub-admin'],
        ['0', 'pub-admin'],
      ]);
      expect(reopened.History[3]).toMatchObject({ From: '1', Memo: 'customer disputes' });
      // The reopening call is in the audit log too (written after the reply).
      await expect
        .poll(async () => {
          const { rows } = await t.db.query<{ account: string; status_code: number }>(
            `SELECT account, status_code FROM audit_log WHERE cid = $1 AND method = 'PUT' AND url = $2 ORDER BY id`,
            [pubCid, `${R}/workflows/${id}/status`],
          );
          return rows.map((r) => [r.account, r.status_code]);
        })
        .toContainEqual(['pub-admin', 200]);
      expect((await call('GET', `${R}/workflows/${id}`, undefined, otherPub)).statusCode).toBe(404);
    });
  });

  it('reports months side by side per customer and game', async () => {
    const res = await call('GET', `${R}/report?From=2026-02&To=2026-03`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.Months).toEqual(['2026-02', '2026-03']);
    expect(data.Rows).toEqual([
      expect.objectContaining({ CustomerID: customer, Month: '2026-02', GameID: 'slot-1', Turnover: 10 }),
      expect.objectContaining({ CustomerID: customer, Month: '2026-03', GameID: 'poker', Turnover: 200 }),
      expect.objectContaining({ CustomerID: customer, Month: '2026-03', GameID: 'slot-1', Turnover: 180 }),
    ]);
    expect(data.Totals).toEqual([
      expect.objectContaining({ Month: '2026-02', Status: null, GGR: 10, Total: 10, CommissionDue: 5 }),
      expect.objectContaining({
        Month: '2026-03',
        Status: '0',
        GGR: 90,
        Adjustments: 10,
        Total: 100,
        CommissionDue: 10,
      }),
    ]);
    expect((await call('GET', `${R}/report?From=2026-03&To=2026-01`)).json().errors[0].field).toBe('To');
    const future = await call('GET', `${R}/report?From=2026-03&To=2999-01`);
    expect(future.statusCode).toBe(400);
    expect(future.json().errors[0].field).toBe('To');
  });
});
