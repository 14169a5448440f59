import { expect, it } from 'vitest';
import { bootstrap } from './bootstrap';
import { describeEachDatabase, TEST_ADMIN } from './testing/test-app';

describeEachDatabase('first start', (t) => {
  it('created company 1 "Demo Platform" (platform) with the configured admin', async () => {
    const { rows } = await t.db.query('SELECT cid, name, operator_type FROM company ORDER BY cid');
    expect(rows[0]).toEqual({ cid: 1, name: 'Demo Platform', operator_type: 1 });
    const users = await t.db.query(
      `SELECT u.account, cu.role FROM app_user u JOIN company_user cu ON cu.aid = u.aid WHERE cu.cid = 1`,
    );
    expect(users.rows).toContainEqual({ account: TEST_ADMIN.account, role: 'admin' });
  });

  it('changes nothing when started again, even with other settings', async () => {
    const before = await t.db.query('SELECT aid, account, password_hash FROM app_user ORDER BY aid');
    const result = await bootstrap(t.app, {
      ...t.config,
      adminPassword: 'a-different-password',
      adminAccount: 'other',
    });
    expect(result).toEqual({ createdCompany: false, createdAdmin: false });
    const after = await t.db.query('SELECT aid, account, password_hash FROM app_user ORDER BY aid');
    expect(after.rows).toEqual(before.rows);
    expect(await t.login()).toBeTruthy();
  });

  it('a new company gets identities after 1', async () => {
    const { rows } = await t.db.query<{ cid: number }>(
      `INSERT INTO company (name, operator_type) VALUES ('Next', 3) RETURNING cid`,
    );
    expect(rows[0]?.cid).toBeGreaterThan(1);
  });
});
