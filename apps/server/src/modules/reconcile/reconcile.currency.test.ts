import type { IngestEvent } from '@pitboss/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../testing/session';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, addUser } from '../../testing/users';
import { commissionDueMinor, fromMinor, toMinor } from './reconcile-money';

const R = '/api/v2/reconcile';

function bet(id: string, customerId: string, gameId: string, stake: number, payout: number, at: string): IngestEvent {
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

describe('reconcile money', () => {
  it('converts exactly, rounding half away from zero to the currency decimals', () => {
    expect(toMinor('150.01', '0.0285', 2)).toBe(526351n); // 5263.50877…
    expect(toMinor('40', '0.0285', 2)).toBe(140351n); // 1403.50877…
    expect(toMinor('0.125', '1', 2)).toBe(13n);
    expect(toMinor('-0.125', '1', 2)).toBe(-13n);
    expect(toMinor('1.005', 1, 2)).toBe(101n);
    expect(toMinor('100', '0.0067', 0)).toBe(14925n); // 14925.37…
    expect(toMinor('3e-7', '1', 8)).toBe(30n);
    expect(toMinor(1.5e21, '1', 0)).toBe(1_500_000_000_000_000_000_000n);
    expect(fromMinor(526351n, 2)).toBe(5263.51);
    expect(() => toMinor('1', '0', 2)).toThrow();
  });

  it('takes the commission of the basis, rounded, never below the minimum fee, nothing of a loss', () => {
    const terms = { basis: 'GGR' as const, percent: '10', minimumFee: '5' };
    expect(commissionDueMinor(terms, { total: 210561n, turnover: 0n }, 2)).toBe(21056n);
    expect(commissionDueMinor(terms, { total: 220586n, turnover: 0n }, 2)).toBe(22059n);
    expect(commissionDueMinor(terms, { total: -5000n, turnover: 0n }, 2)).toBe(500n);
    expect(commissionDueMinor({ ...terms, basis: 'Turnover', percent: '0.8' }, { total: 0n, turnover: 125n }, 2)).toBe(
      500n,
    );
    expect(commissionDueMinor({ ...terms, percent: 0.8, minimumFee: 0 }, { total: 1000063n, turnover: 0n }, 2)).toBe(
      8001n, // 8000.504 cents
    );
  });
});

/**
 * A publisher with base currency USD bills customers in THB (2 decimals) and JPY (0 decimals): the
 * figures are the bets' base amounts converted with the rate as of the month's last day, per game, to
 * the cent; frozen figures keep the rate they were frozen with.
 */
describeEachDatabase('reconcile in the customer currency', (t) => {
  let admin: string;
  let pubCid: number;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.call({
      method,
      url,
      token: admin,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const rates = async (list: { Currency: string; Rate: number; Date: string }[]) => {
    const res = await call('POST', '/api/v2/system/currency', { currency_UDT: list });
    expect(res.statusCode, res.body).toBe(200);
  };
  const addCustomer = async (BusinessName: string, Currency: string, ids: string[]) => {
    const res = await call('POST', `${R}/customers`, {
      BusinessName,
      Currency,
      CommissionRate: 10,
      MinimumFee: 5,
      CustomerIDs: ids,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().ID as number;
  };
  const open = async (CustomerID: number, Month: string) => {
    const res = await call('POST', `${R}/workflows`, { CustomerID, Month });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().ID as number;
  };
  const detail = async (id: number) => (await call('GET', `${R}/workflows/${id}`)).json().data;

  beforeAll(async () => {
    pubCid = await addCompany(t, 'Currency Games', 2);
    await addUser(t.db, 'cur-admin', 'admin', pubCid);
    admin = await loginAs(t, 'cur-admin');
    await t.app.eventStore.store(pubCid, [
      bet('t1', 'thb-1', 'slot', 100, 40, '2026-03-10T12:00:00+08:00'),
      bet('t2', 'thb-1', 'slot', 50.01, 0, '2026-03-11T12:00:00+08:00'),
      bet('t3', 'thb-2', 'poker', 200, 250, '2026-03-12T12:00:00+08:00'),
      bet('j1', 'jpy-1', 'slot', 100, 0, '2026-03-12T12:00:00+08:00'),
      bet('u1', 'usd-1', 'slot', 10.005, 0, '2026-03-12T12:00:00+08:00'),
    ]);
    await rates([
      { Currency: 'THB', Rate: 0.028, Date: '2026-02-15' },
      { Currency: 'THB', Rate: 0.0285, Date: '2026-03-20' },
      { Currency: 'THB', Rate: 0.03, Date: '2026-04-01' },
    ]);
  });

  let thb: number;
  let thbMarch: number;
  it('converts each game with the rate as of the end of the month, to the cent', async () => {
    thb = await addCustomer('Siam Play', 'THB', ['thb-1', 'thb-2']);
    thbMarch = await open(thb, '2026-03');
    const w = await detail(thbMarch);
    expect(w).toMatchObject({
      Currency: 'THB',
      BaseCurrency: 'USD',
      Rate: 0.0285,
      RateDate: '2026-03-20',
      Rounds: 3,
      Turnover: 12281.05, // 5263.51 + 7017.54
      Payout: 10175.44, // 1403.51 + 8771.93
      GGR: 2105.61,
      Adjustments: 0,
      Total: 2105.61,
      CommissionDue: 210.56,
    });
    expect(w.Games).toEqual([
      { GameID: 'poker', Rounds: 1, Players: 1, Turnover: 7017.54, Payout: 8771.93, GGR: -1754.39 },
      { GameID: 'slot', Rounds: 2, Players: 2, Turnover: 5263.51, Payout: 1403.51, GGR: 3860 },
    ]);
    // February's rate for February: the newest on or before its last day.
    const feb = await open(thb, '2026-02');
    expect(await detail(feb)).toMatchObject({ Rate: 0.028, RateDate: '2026-02-15', Turnover: 0, CommissionDue: 5 });
  });

  it('takes adjustments in the customer currency, with its decimals', async () => {
    const bad = await call('POST', `${R}/workflows/${thbMarch}/adjustments`, { Adjust: 0, Amount: 100.005, Memo: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('Amount');
    const ok = await call('POST', `${R}/workflows/${thbMarch}/adjustments`, {
      Adjust: 0,
      Amount: 100.25,
      Memo: 'bonus',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await detail(thbMarch)).toMatchObject({ Adjustments: 100.25, Total: 2205.86, CommissionDue: 220.59 });
  });

  it('keeps the rate of the freeze: a later rate changes nothing, late bets are a difference at that rate', async () => {
    expect((await call('PUT', `${R}/workflows/${thbMarch}/status`, { Status: '2', Memo: 'sent' })).statusCode).toBe(
      200,
    );
    await rates([{ Currency: 'THB', Rate: 0.029, Date: '2026-03-31' }]);
    await t.app.eventStore.store(pubCid, [bet('t4', 'thb-1', 'slot', 30, 0, '2026-03-30T12:00:00+08:00')]);
    const w = await detail(thbMarch);
    expect(w).toMatchObject({
      Status: '2',
      Rate: 0.0285,
      RateDate: '2026-03-20',
      Turnover: 12281.05,
      GGR: 2105.61,
      Total: 2205.86,
      CommissionDue: 220.59,
    });
    // 180.01 / 0.0285 = 6316.14; billed 5263.51.
    expect(w.Difference).toMatchObject({ Rounds: 1, Turnover: 1052.63, Payout: 0, GGR: 1052.63 });
    expect(w.Difference.Games).toEqual([
      { GameID: 'slot', Rounds: 1, Players: 1, Turnover: 1052.63, Payout: 0, GGR: 1052.63 },
    ]);
    const report = (await call('GET', `${R}/report?From=2026-03&To=2026-03&CustomerIDs=${thb}`)).json().data;
    expect(report.BaseCurrency).toBe('USD');
    expect(report.Rows).toEqual([
      expect.objectContaining({ GameID: 'poker', Currency: 'THB', Turnover: 7017.54, GGR: -1754.39 }),
      expect.objectContaining({ GameID: 'slot', Currency: 'THB', Turnover: 5263.51, GGR: 3860 }),
    ]);
    expect(report.Totals).toEqual([
      expect.objectContaining({
        Currency: 'THB',
        Rate: 0.0285,
        RateDate: '2026-03-20',
        GGR: 2105.61,
        Adjustments: 100.25,
        Total: 2205.86,
        CommissionDue: 220.59,
      }),
    ]);
    // Reopened, it is live again: the rate as of the month end is now the one of 31 March.
    expect((await call('PUT', `${R}/workflows/${thbMarch}/status`, { Status: '1', Memo: 'ok' })).statusCode).toBe(200);
    expect((await call('PUT', `${R}/workflows/${thbMarch}/status`, { Status: '0', Memo: 'dispute' })).statusCode).toBe(
      200,
    );
    // 180.01 / 0.029 = 6207.24, 40 / 0.029 = 1379.31, 200 / 0.029 = 6896.55, 250 / 0.029 = 8620.69
    expect(await detail(thbMarch)).toMatchObject({
      Rate: 0.029,
      RateDate: '2026-03-31',
      Turnover: 13103.79,
      Payout: 10000,
      GGR: 3103.79,
      Difference: null,
    });
  });

  it('shows no amounts without a rate, and refuses to send such a bill', async () => {
    const fee = await call('POST', `${R}/customers`, {
      BusinessName: 'Tokyo Spin',
      Currency: 'JPY',
      CommissionRate: 10,
      MinimumFee: 0.5,
      CustomerIDs: ['jpy-1'],
    });
    expect(fee.statusCode).toBe(400);
    expect(fee.json().errors[0].field).toBe('MinimumFee');
    const jpy = await addCustomer('Tokyo Spin', 'JPY', ['jpy-1']);
    const feeEdit = await call('PUT', `${R}/customers/${jpy}`, { MinimumFee: 2.5 });
    expect(feeEdit.json().errors[0].field).toBe('MinimumFee');
    const id = await open(jpy, '2026-03');
    expect(await detail(id)).toMatchObject({
      Currency: 'JPY',
      Rate: null,
      Rounds: 1,
      Turnover: null,
      GGR: null,
      Total: null,
      CommissionDue: null,
    });
    const send = await call('PUT', `${R}/workflows/${id}/status`, { Status: '2', Memo: 'sent' });
    expect(send.statusCode).toBe(409);
    expect(send.json().errors[0].field).toBe('Currency');
    expect((await detail(id)).Status).toBe('0');
    const cents = await call('POST', `${R}/workflows/${id}/adjustments`, { Adjust: 0, Amount: 1.5, Memo: 'x' });
    expect(cents.json().errors[0].field).toBe('Amount');
    await rates([{ Currency: 'JPY', Rate: 0.0067, Date: '2026-01-01' }]);
    expect(await detail(id)).toMatchObject({ Rate: 0.0067, Turnover: 14925, GGR: 14925, CommissionDue: 1493 });
  });

  it('is the base amount in the base currency; a new customer currency moves pending months without adjustments', async () => {
    const usd = await addCustomer('Dollar Bet', 'USD', ['usd-1']);
    const id = await open(usd, '2026-03');
    expect(await detail(id)).toMatchObject({ Currency: 'USD', Rate: 1, RateDate: null, Turnover: 10.01 });
    const moved = await call('PUT', `${R}/customers/${usd}`, { Currency: 'THB' });
    expect(moved.statusCode, moved.body).toBe(200);
    // 10.005 / 0.029 = 345.00
    expect(await detail(id)).toMatchObject({ Currency: 'THB', Rate: 0.029, Turnover: 345 });
    // The THB month with an adjustment keeps its currency.
    expect((await call('PUT', `${R}/customers/${thb}`, { Currency: 'USD' })).statusCode).toBe(200);
    expect(await detail(thbMarch)).toMatchObject({ Currency: 'THB' });
  });
});
