import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../testing/session';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, addUser } from '../../testing/users';

const SETTING = '/api/v2/system/setting';
const ALLOWLIST = '/api/v2/system/ip-allowlist';
const OFFICE = '203.0.113.10';

describeEachDatabase('system parameters', (t) => {
  let admin: string;
  beforeAll(async () => {
    admin = await loginAs(t, 'admin', 'admin-password-1', OFFICE);
  });
  const get = async (token = admin) =>
    (await t.call({ method: 'GET', url: SETTING, token, remoteAddress: OFFICE })).json();

  it('answers base currency, time zone, allowlist and the caller’s address', async () => {
    expect(await get()).toEqual({
      status: 0,
      data: { BaseCurrency: 'USD', TimeZone: 'Asia/Taipei', IPAllowlist: [], CurrentIP: OFFICE },
    });
  });

  it('changes base currency and time zone, refusing unknown ones without changing anything', async () => {
    const ok = await t.call({
      method: 'PUT',
      url: SETTING,
      token: admin,
      payload: { BaseCurrency: 'twd', TimeZone: 'Europe/Malta' },
    });
    expect(ok.json()).toMatchObject({ status: 0 });
    expect((await get()).data).toMatchObject({ BaseCurrency: 'TWD', TimeZone: 'Europe/Malta' });
    for (const [payload, field] of [
      [{ BaseCurrency: 'XYZ' }, 'BaseCurrency'],
      [{ BaseCurrency: 'US' }, 'BaseCurrency'],
      [{ TimeZone: 'Mars/Olympus' }, 'TimeZone'],
      [{}, 'BaseCurrency'],
    ] as const) {
      const res = await t.call({ method: 'PUT', url: SETTING, token: admin, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
    }
    expect((await get()).data).toMatchObject({ BaseCurrency: 'TWD', TimeZone: 'Europe/Malta' });
  });

  it('asks for a confirmation to change the base currency once rates exist', async () => {
    await t.db.query(
      `INSERT INTO currency_rate (cid, currency, rate_date, rate) VALUES (1, 'USD', '2026-01-01', 31.5), (1, 'HKD', '2026-01-01', 4.1)`,
    );
    const res = await t.call({ method: 'PUT', url: SETTING, token: admin, payload: { BaseCurrency: 'USD' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().messageCode).toBe('BASE_CURRENCY_HAS_RATES');
    expect((await get()).data.BaseCurrency).toBe('TWD');
    const confirmed = await t.call({
      method: 'PUT',
      url: SETTING,
      token: admin,
      payload: { BaseCurrency: 'USD', ConfirmBaseCurrencyChange: true },
    });
    expect(confirmed.json().message).toContain('review');
    // The new base currency's own rates go (it is always 1); the others stay for review.
    const { rows } = await t.db.query<{ currency: string }>('SELECT currency FROM currency_rate WHERE cid = 1');
    expect(rows.map((r) => r.currency)).toEqual(['HKD']);
    await t.db.query('DELETE FROM currency_rate WHERE cid = 1');
  });

  it('is for admins only', async () => {
    await addUser(t.db, 'param-editor', 'editor');
    const editor = await loginAs(t, 'param-editor');
    expect((await t.call({ method: 'GET', url: SETTING, token: editor })).statusCode).toBe(403);
    expect((await t.call({ method: 'PUT', url: ALLOWLIST, token: editor, payload: { IPs: [] } })).statusCode).toBe(403);
  });

  describe('console IP allowlist', () => {
    const save = (payload: Record<string, unknown>, ip = OFFICE, token = admin) =>
      t.call({ method: 'PUT', url: ALLOWLIST, token, payload, remoteAddress: ip });

    it('refuses bad entries and duplicates, naming the row', async () => {
      for (const [IPs, field] of [
        [[{ IP: '300.1.1.1' }], 'IPs[0].IP'],
        [[{ IP: OFFICE }, { IP: '10.0.0.0/33' }], 'IPs[1].IP'],
        [[{ IP: OFFICE }, { IP: 'office' }], 'IPs[1].IP'],
        [[{ IP: OFFICE }, { IP: ` ${OFFICE}` }], 'IPs[1].IP'],
        [[{ IP: '2001:DB8::1' }, { IP: '2001:db8:0::1' }], 'IPs[1].IP'],
        [[{ IP: '203.0.113.9/24' }], 'IPs[0].IP'],
      ] as const) {
        const res = await save({ IPs });
        expect(res.statusCode, JSON.stringify(IPs)).toBe(400);
        expect(res.json().errors[0].field).toBe(field);
      }
      expect((await get()).data.IPAllowlist).toEqual([]);
    });

    it('will not lock the admin out without an explicit confirmation', async () => {
      const res = await save({ IPs: [{ IP: '198.51.100.0/24', Memo: 'branch' }] });
      expect(res.statusCode).toBe(409);
      expect(res.json().messageCode).toBe('IP_LOCKOUT');
      expect(res.json().message).toContain(OFFICE);
      expect((await get()).data.IPAllowlist).toEqual([]);
    });

    it('refuses login and every call from outside the list, and lets the office in', async () => {
      await addUser(t.db, 'analyst', 'viewer');
      const outsideSession = await loginAs(t, 'analyst', undefined, '192.0.2.50');
      const saved = await save({
        IPs: [
          { IP: '203.0.113.0/24', Memo: 'office' },
          { IP: '2001:db8::/32', Memo: 'office v6' },
        ],
      });
      expect(saved.json()).toMatchObject({ status: 0, data: { CurrentIP: OFFICE } });
      expect(saved.json().data.IPAllowlist.map((e: { IP: string }) => e.IP)).toEqual([
        '203.0.113.0/24',
        '2001:db8::/32',
      ]);

      // An open session from outside is refused on its next call, with a clear message.
      const refused = await t.call({
        method: 'GET',
        url: '/api/v2/auth/user-info',
        token: outsideSession,
        remoteAddress: '192.0.2.50',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().messageCode).toBe('IP_NOT_ALLOWED');
      expect(refused.json().message).toContain('192.0.2.50');
      // The same token from the office works (IPv4 and IPv6, and IPv4-mapped IPv6).
      for (const ip of ['203.0.113.77', '2001:db8::9', '::ffff:203.0.113.78']) {
        const ok = await t.call({
          method: 'GET',
          url: '/api/v2/auth/user-info',
          token: outsideSession,
          remoteAddress: ip,
        });
        expect(ok.statusCode, ip).toBe(200);
      }

      // Login: a wrong password from outside learns nothing more than anywhere else.
      const login = (Password: string, ip: string) =>
        t.call({
          method: 'POST',
          url: '/api/v2/auth/login',
          payload: { Account: 'analyst', Password },
          remoteAddress: ip,
        });
      const wrongOutside = await login('wrong-password-1', '192.0.2.51');
      const wrongInside = await login('wrong-password-1', '203.0.113.51');
      expect(wrongOutside.json()).toEqual(wrongInside.json());
      const rightOutside = await login('secret-pass-1', '192.0.2.52');
      expect(rightOutside.statusCode).toBe(403);
      expect(rightOutside.json().messageCode).toBe('IP_NOT_ALLOWED');
      expect((await login('secret-pass-1', '203.0.113.52')).statusCode).toBe(200);

      // ip-verify tells a session whether its address is allowed; an anonymous caller is checked at login.
      const verify = (ip: string, token?: string) =>
        t.call({ method: 'POST', url: '/api/v2/auth/ip-verify', remoteAddress: ip, ...(token ? { token } : {}) });
      expect((await verify('192.0.2.50', outsideSession)).json()).toEqual({
        status: 0,
        IP: '192.0.2.50',
        allowed: false,
        restricted: true,
      });
      expect((await verify('203.0.113.5', outsideSession)).json()).toMatchObject({ allowed: true, restricted: true });
      expect((await verify('192.0.2.50')).json()).toMatchObject({ allowed: true, restricted: false });
    });

    it('does not touch other companies, and a user of several is sent to one that allows the address', async () => {
      const cid = await addCompany(t, 'Open Operator', 1);
      await addUser(t.db, 'open-admin', 'admin', cid);
      const open = await loginAs(t, 'open-admin', undefined, '192.0.2.60');
      expect(
        (await t.call({ method: 'GET', url: SETTING, token: open, remoteAddress: '192.0.2.60' })).json().data
          .IPAllowlist,
      ).toEqual([]);

      const aid = await addUser(t.db, 'commuter', 'viewer');
      await t.db.query(`INSERT INTO company_user (cid, aid, role) VALUES ($1, $2, 'viewer')`, [cid, aid]);
      await t.db.query('UPDATE app_user SET last_cid = 1 WHERE aid = $1', [aid]);
      const token = await loginAs(t, 'commuter', undefined, '192.0.2.61');
      const check = await t.call({ method: 'GET', url: '/api/v2/auth/user-info', token, remoteAddress: '192.0.2.61' });
      expect(check.json().data.cid).toBe(cid);
      const back = await t.call({
        method: 'POST',
        url: '/api/v2/auth/update-company-permission',
        token,
        payload: { cid: 1 },
        remoteAddress: '192.0.2.61',
      });
      expect(back.json().messageCode).toBe('IP_NOT_ALLOWED');
    });

    it('saves a list that leaves the admin out when confirmed, and an empty list lifts the restriction', async () => {
      const elsewhere = await save({ IPs: [{ IP: '198.51.100.7' }], ConfirmLockout: true });
      expect(elsewhere.statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: SETTING, token: admin, remoteAddress: OFFICE })).statusCode).toBe(403);
      // From the allowed address the admin lifts it again.
      const lifted = await save({ IPs: [] }, '198.51.100.7');
      expect(lifted.json().data.IPAllowlist).toEqual([]);
      expect((await t.call({ method: 'GET', url: SETTING, token: admin, remoteAddress: OFFICE })).statusCode).toBe(200);
    });
  });
});

describeEachDatabase(
  'console IP allowlist behind a trusted proxy',
  (t) => {
    it('takes the client address from X-Forwarded-For only from the trusted proxy', async () => {
      const token = await loginAs(t, 'admin', 'admin-password-1', '127.0.0.1');
      const saved = await t.call({
        method: 'PUT',
        url: ALLOWLIST,
        token,
        payload: { IPs: [{ IP: OFFICE }] },
        headers: { 'x-forwarded-for': OFFICE },
        remoteAddress: '127.0.0.1',
      });
      expect(saved.json().data.CurrentIP).toBe(OFFICE);
      const via = (forwarded: string, remoteAddress: string) =>
        t.call({ method: 'GET', url: SETTING, token, headers: { 'x-forwarded-for': forwarded }, remoteAddress });
      expect((await via(OFFICE, '127.0.0.1')).statusCode).toBe(200);
      expect((await via('192.0.2.1', '127.0.0.1')).statusCode).toBe(403);
      // A client that is not the proxy cannot claim an address.
      expect((await via(OFFICE, '192.0.2.1')).statusCode).toBe(403);
    });
  },
  { PITBOSS_TRUST_PROXY: '127.0.0.1' },
);
