import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../testing/session';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, addUser } from '../../testing/users';

const CURRENCY = '/api/v2/system/currency';

describeEachDatabase('exchange rates', (t) => {
  let pub: string;
  let agg: string;
  let platform: string;
  beforeAll(async () => {
    const pubCid = await addCompany(t, 'Rate Publisher', 2);
    const aggCid = await addCompany(t, 'Rate Aggregator', 3);
    await t.db.query(`UPDATE company SET base_currency = 'TWD' WHERE cid = $1`, [pubCid]);
    await addUser(t.db, 'rate-pub', 'admin', pubCid);
    await addUser(t.db, 'rate-agg', 'admin', aggCid);
    pub = await loginAs(t, 'rate-pub');
    agg = await loginAs(t, 'rate-agg');
    platform = await loginAs(t, 'admin', 'admin-password-1');
  });

  const save = (rows: unknown[], token = pub) =>
    t.call({ method: 'POST', url: CURRENCY, token, payload: { currency_UDT: rows } });
  const remove = (rows: unknown[], token = pub) =>
    t.call({ method: 'DELETE', url: CURRENCY, token, payload: { currency_UDT: rows } });
  const list = async (query = '', token = pub) =>
    (await t.call({ method: 'GET', url: `${CURRENCY}/list${query}`, token })).json();
  const inForce = (date: string, token = pub) =>
    t.call({ method: 'GET', url: `/api/currency/system?date=${date}`, token });

  it('keeps a history per date and answers the rates in force on a date', async () => {
    const saved = await save([
      { Currency: 'USD', Rate: 31.5, Date: '2026-01-01' },
      { Currency: 'usd', Rate: 32.25, Date: '2026-03-01' },
      { Currency: 'HKD', Rate: 4.05, Date: '2026-02-15' },
    ]);
    expect(saved.json()).toEqual({ status: 0, message: expect.any(String), rowsAffected: 3 });
    const history = await list();
    expect(history.cnt).toBe(3);
    expect(
      history.data.recordset.map((r: { Currency: string; Rate: number; Date: string }) => [r.Currency, r.Rate, r.Date]),
    ).toEqual([
      ['USD', 32.25, '2026-03-01'],
      ['HKD', 4.05, '2026-02-15'],
      ['USD', 31.5, '2026-01-01'],
    ]);
    expect((await list('?Currency=USD&Start=2026-02-01')).data.recordset).toHaveLength(1);

    const feb = (await inForce('2026-02-20')).json();
    expect(feb.status).toBe(0);
    expect(feb.data.recordset).toEqual([
      { Currency: 'TWD', Rate: 1, Date: null, IsBase: true },
      { Currency: 'HKD', Rate: 4.05, Date: '2026-02-15', IsBase: false },
      { Currency: 'USD', Rate: 31.5, Date: '2026-01-01', IsBase: false },
    ]);
    const before = (await inForce('2025-12-31')).json();
    expect(before.data.recordset).toEqual([{ Currency: 'TWD', Rate: 1, Date: null, IsBase: true }]);

    // Saving the same currency and date again replaces its rate.
    await save([{ Currency: 'USD', Rate: 31.75, Date: '2026-01-01' }]);
    expect((await inForce('2026-01-15')).json().data.recordset[1]).toMatchObject({ Currency: 'USD', Rate: 31.75 });
  });

  it('deletes all the named rates or none', async () => {
    const missing = await remove([
      { Currency: 'HKD', Date: '2026-02-15' },
      { Currency: 'EUR', Date: '2026-02-15' },
    ]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].field).toBe('currency_UDT[1]');
    expect((await list()).cnt).toBe(3);
    const ok = await remove([{ Currency: 'HKD', Date: '2026-02-15' }]);
    expect(ok.json()).toMatchObject({ status: 0, rowsAffected: 1 });
    expect((await list()).cnt).toBe(2);
  });

  describe('bad input changes nothing', () => {
    it.each([
      [[{ Currency: 'USD', Rate: 0, Date: '2026-05-01' }], 'currency_UDT[0].Rate'],
      [[{ Currency: 'USD', Rate: -3, Date: '2026-05-01' }], 'currency_UDT[0].Rate'],
      [[{ Currency: 'USD', Rate: '31', Date: '2026-05-01' }], 'currency_UDT[0].Rate'],
      [[{ Currency: 'USD', Rate: 1e14, Date: '2026-05-01' }], 'currency_UDT[0].Rate'],
      [[{ Currency: 'ABC', Rate: 1, Date: '2026-05-01' }], 'currency_UDT[0].Currency'],
      [[{ Currency: 'USD', Rate: 1, Date: '2026/05/01' }], 'currency_UDT[0].Date'],
      [[{ Currency: 'USD', Rate: 1, Date: '2026-02-30' }], 'currency_UDT[0].Date'],
      [[{ Currency: 'USD', Rate: 1, Date: '01-05-2026' }], 'currency_UDT[0].Date'],
      [
        [
          { Currency: 'EUR', Rate: 35, Date: '2026-05-01' },
          { Currency: 'eur', Rate: 36, Date: '2026-05-01' },
        ],
        'currency_UDT[1]',
      ],
      [[{ Currency: 'TWD', Rate: 1, Date: '2026-05-01' }], 'currency_UDT[0].Currency'],
      [[], 'currency_UDT'],
    ])('%j → 400 naming %s', async (rows, field) => {
      const before = (await list()).cnt;
      const res = await save(rows);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
      expect((await list()).cnt).toBe(before);
    });

    it('refuses a bad date for the rates in force', async () => {
      for (const date of ['2026-13-01', 'yesterday', '']) {
        const res = await inForce(date);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0].field).toBe('date');
      }
    });
  });

  it('keeps each company to its own rates', async () => {
    expect((await list('', agg)).cnt).toBe(0);
    expect((await save([{ Currency: 'EUR', Rate: 1.1, Date: '2026-01-01' }], agg)).statusCode).toBe(200);
    const mine = await list('', agg);
    expect(mine.data.recordset).toHaveLength(1);
    expect((await list()).cnt).toBe(2);
    expect((await remove([{ Currency: 'USD', Date: '2026-03-01' }], agg)).statusCode).toBe(404);
  });

  it('is for admins of publisher and aggregator companies; the rates in force for every console role', async () => {
    const denied = await t.call({ method: 'GET', url: `${CURRENCY}/list`, token: platform });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().messageCode).toBe('PRICE_LEVEL_FORBIDDEN');
    expect((await save([{ Currency: 'EUR', Rate: 1, Date: '2026-01-01' }], platform)).statusCode).toBe(403);
    const { rows } = await t.db.query<{ cid: number }>(`SELECT cid FROM company WHERE name = 'Rate Publisher'`);
    await addUser(t.db, 'rate-viewer', 'viewer', rows[0]?.cid);
    const viewer = await loginAs(t, 'rate-viewer');
    expect((await list('', viewer)).status).toBe(403);
    expect((await inForce('2026-02-20', viewer)).json().data.recordset).toHaveLength(2);
    expect((await inForce('2026-02-20', platform)).json().data.recordset).toEqual([
      { Currency: 'USD', Rate: 1, Date: null, IsBase: true },
    ]);
  });
});
