import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/test-app';

describeEachDatabase('audit log', (t) => {
  it('writes each mutating call with user, company, page title, IP and route, never the password', async () => {
    const token = await t.login();
    const title = encodeURIComponent('風險儀表板');
    const res = await t.call({
      method: 'PUT',
      url: '/api/v2/auth/update-user-preference',
      token,
      headers: { title },
      payload: { darkMode: 1 },
      remoteAddress: '192.0.2.7',
    });
    expect(res.statusCode).toBe(200);
    // The audit row is written after the reply; give it a moment.
    await new Promise((r) => setTimeout(r, 200));
    const { rows } = await t.db.query<Record<string, unknown>>(
      `SELECT cid, aid, account, method, route, status_code, title, ip, target FROM audit_log ORDER BY id`,
    );
    const pref = rows.find((r) => r.route === '/api/v2/auth/update-user-preference');
    expect(pref).toMatchObject({
      cid: 1,
      account: 'admin',
      method: 'PUT',
      status_code: 200,
      title: '風險儀表板',
      ip: '192.0.2.7',
      target: { body: { darkMode: 1 } },
    });
    const loginRow = rows.find((r) => r.route === '/api/v2/auth/login');
    expect(loginRow).toBeDefined();
    expect(JSON.stringify(loginRow?.target)).not.toContain('admin-password-1');
  });

  it('does not audit reads', async () => {
    const token = await t.login();
    await new Promise((r) => setTimeout(r, 200));
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0]?.n;
    await t.call({ method: 'GET', url: '/api/v2/auth/user-info', token });
    await new Promise((r) => setTimeout(r, 100));
    const after = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0]?.n;
    expect(after).toBe(before);
  });
});
