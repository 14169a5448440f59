import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../testing/session';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, addUser, TEST_PASSWORD } from '../../testing/users';

const USERS = '/api/v2/system/user';

describeEachDatabase('user management', (t) => {
  let admin: string;
  let otherCid: number;
  beforeAll(async () => {
    admin = await loginAs(t, 'admin', 'admin-password-1');
    otherCid = await addCompany(t, 'Other Operator', 1);
    await addUser(t.db, 'stranger', 'admin', otherCid, { mail: 'stranger@elsewhere.test' });
  });

  const list = async (query = '') => (await t.call({ method: 'GET', url: `${USERS}${query}`, token: admin })).json();
  const create = (payload: Record<string, unknown>, token = admin) =>
    t.call({ method: 'POST', url: USERS, token, payload });
  const countUsers = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app_user')).rows[0]?.n;

  describe('create', () => {
    it('creates a user with an initial password who can log in with the given role', async () => {
      const res = await create({
        Name: 'Erin Editor',
        Account: 'erin',
        Tags: 'Editor',
        Mail: 'erin@example.com',
        Password: 'blue-river-2024',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 0, Invited: false });
      const token = await loginAs(t, 'erin', 'blue-river-2024');
      const check = await t.call({ method: 'POST', url: '/api/v2/auth/check', token });
      expect(check.json()).toMatchObject({ _role: 'editor', account: 'erin' });
      const body = await list('?Account=erin');
      expect(body.status).toBe(0);
      expect(body.data.recordset).toEqual([
        expect.objectContaining({
          Name: 'Erin Editor',
          Account: 'erin',
          Tags: 'Editor',
          Status: 1,
          Mail: 'erin@example.com',
        }),
      ]);
    });

    it('without a mail server, answers the invitation link (MailSent false); with one, never the link', async () => {
      const saved = t.app.config.smtpUrl;
      try {
        t.app.config.smtpUrl = undefined;
        const unsent = await create({ Name: 'Nia', Account: 'nia', Tags: 'Viewer', Mail: 'nia@example.com' });
        expect(unsent.json()).toMatchObject({ status: 0, Invited: true, MailSent: false });
        expect(unsent.json().InvitationLink).toMatch(/\/register\/[A-Za-z0-9_-]{20,}$/);
        expect(unsent.json().message).toMatch(/pass the invitation link on yourself/);
        // The link answered is the one mailed (kept unsent in the delivery log).
        const { rows } = await t.db.query<{ text: string }>(
          `SELECT payload->>'text' AS text FROM outbox WHERE channel = 'mail' AND payload->>'to' = 'nia@example.com'`,
        );
        expect(rows[0]?.text).toContain(unsent.json().InvitationLink);
        const again = await t.call({
          method: 'POST',
          url: `${USERS}/invite`,
          token: admin,
          payload: { AID: unsent.json().AID },
        });
        expect(again.json()).toMatchObject({ status: 0, MailSent: false });
        expect(again.json().InvitationLink).not.toBe(unsent.json().InvitationLink);

        t.app.config.smtpUrl = 'smtp://127.0.0.1:9';
        const mailed = await create({ Name: 'Mo', Account: 'mo-mailed', Tags: 'Viewer', Mail: 'mo@example.com' });
        expect(mailed.json()).toMatchObject({ status: 0, Invited: true, MailSent: true });
        expect(mailed.json().InvitationLink).toBeUndefined();
      } finally {
        t.app.config.smtpUrl = saved;
      }
    });

    it('without a password, creates an invited user (status 2) and queues an invitation mail', async () => {
      const res = await create({ Name: 'Ivy', Account: 'ivy', Tags: 'Viewer', Mail: 'ivy@example.com' });
      expect(res.json()).toMatchObject({ status: 0, Invited: true });
      const { AID } = res.json();
      expect((await list(`?AID=${AID}`)).data.recordset[0]).toMatchObject({
        Account: 'ivy',
        Status: 2,
        Tags: 'Viewer',
      });
      const { rows } = await t.db.query<{ to: string; subject: string }>(
        `SELECT payload->>'to' AS to, payload->>'subject' AS subject FROM outbox WHERE channel = 'mail' ORDER BY id DESC LIMIT 1`,
      );
      expect(rows[0]?.to).toBe('ivy@example.com');
      // An invited user cannot log in yet.
      const login = await t.call({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { Account: 'ivy', Password: 'anything-1234' },
        remoteAddress: '10.9.0.1',
      });
      expect(login.statusCode).toBe(401);
    });

    it('refuses an account or mail in use, ignoring case, in this company or any other, alike', async () => {
      const before = await countUsers();
      const sameCompany = await create({ Name: 'E2', Account: 'ERIN', Tags: 'Viewer', Mail: 'new1@example.com' });
      const otherCompany = await create({ Name: 'S2', Account: 'Stranger', Tags: 'Viewer', Mail: 'new2@example.com' });
      expect(sameCompany.statusCode).toBe(409);
      expect(otherCompany.statusCode).toBe(409);
      expect(otherCompany.json()).toEqual(sameCompany.json());
      expect(sameCompany.json()).toMatchObject({ messageCode: 'ACCOUNT_TAKEN', errors: [{ field: 'Account' }] });
      const mailHere = await create({ Name: 'M', Account: 'mail-dup-1', Tags: 'Viewer', Mail: 'Erin@Example.com' });
      const mailThere = await create({
        Name: 'M',
        Account: 'mail-dup-2',
        Tags: 'Viewer',
        Mail: 'stranger@elsewhere.test',
      });
      expect(mailHere.statusCode).toBe(409);
      expect(mailThere.json()).toEqual(mailHere.json());
      expect(mailHere.json().messageCode).toBe('MAIL_TAKEN');
      expect(await countUsers()).toBe(before);
    });

    it.each([
      [{ Mail: 'not-a-mail' }, 'Mail'],
      [{ Tags: 'Superuser' }, 'Tags'],
      [{ Tags: 'editor' }, 'Tags'],
      [{ Account: 'a b' }, 'Account'],
      [{ Account: 'ab' }, 'Account'],
      [{ Name: '   ' }, 'Name'],
      [{ Password: 'short1' }, 'Password'],
      [{ Password: 'onlyletterslong' }, 'Password'],
      [{ Password: '1234567890123' }, 'Password'],
      [{ Password: 'x'.repeat(120) + '1'.repeat(9) }, 'Password'],
      [{ Password: 'valid-pass-1', Account: 'valid' }, 'Password'],
      [{ GroupID: 999999 }, 'GroupID'],
    ])('refuses %j with a 400 naming %s and changes nothing', async (change, field) => {
      const before = await countUsers();
      const res = await create({
        Name: 'Bad',
        Account: 'bad-input',
        Tags: 'Viewer',
        Mail: 'bad@example.com',
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
      expect(res.json().message).toContain(field);
      expect(await countUsers()).toBe(before);
    });

    it('says what a password needs', async () => {
      const res = await create({
        Name: 'W',
        Account: 'weak',
        Tags: 'Viewer',
        Mail: 'weak@example.com',
        Password: 'abc',
      });
      expect(res.json().message).toMatch(/at least 10 characters/);
      const digits = await create({
        Name: 'W',
        Account: 'weak',
        Tags: 'Viewer',
        Mail: 'weak@example.com',
        Password: 'abcdefghijkl',
      });
      expect(digits.json().message).toMatch(/digit/);
    });

    it('creates a Mail user active, without an invitation', async () => {
      const res = await create({ Name: 'Ops inbox', Account: 'ops-inbox', Tags: 'Mail', Mail: 'ops@example.com' });
      expect(res.json()).toMatchObject({ status: 0, Invited: false });
      expect((await list('?Account=ops-inbox')).data.recordset[0]).toMatchObject({ Tags: 'Mail', Status: 1 });
    });
  });

  describe('list', () => {
    it('shows only the working company, filtered by AID or part of Account', async () => {
      const all = await list();
      const accounts = all.data.recordset.map((u: { Account: string }) => u.Account);
      expect(accounts).toContain('admin');
      expect(accounts).not.toContain('stranger');
      expect(all.cnt).toBe(accounts.length);
      const some = await list('?Account=RI');
      expect(some.data.recordset.map((u: { Account: string }) => u.Account)).toEqual(['erin']);
      const paged = await list('?page=1&pageSize=1');
      expect(paged.data.recordset).toHaveLength(1);
      expect(paged.cnt).toBe(all.cnt);
      const bad = await t.call({ method: 'GET', url: `${USERS}?AID=abc`, token: admin });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('AID');
    });
  });

  describe('update and delete', () => {
    it('changes role, status and group; a disabled user cannot open the console', async () => {
      const aid = await addUser(t.db, 'victor', 'viewer');
      const group = await t.call({
        method: 'POST',
        url: `${USERS}/group`,
        token: admin,
        payload: { Name: 'Night shift' },
      });
      const res = await t.call({
        method: 'PUT',
        url: `${USERS}/${aid}`,
        token: admin,
        payload: { Tags: 'Editor', GroupID: group.json().GroupID },
      });
      expect(res.json()).toEqual({ status: 0, message: 'User updated' });
      expect((await list(`?AID=${aid}`)).data.recordset[0]).toMatchObject({ Tags: 'Editor', GroupName: 'Night shift' });
      // Filters by group and by role.
      const inGroup = await list(`?GroupID=${group.json().GroupID}`);
      expect(inGroup.data.recordset.map((u: { Account: string }) => u.Account)).toEqual(['victor']);
      expect(inGroup.cnt).toBe(1);
      const editors = (await list('?Tags=Editor&pageSize=1000')).data.recordset;
      expect(editors.length).toBeGreaterThan(0);
      expect(editors.every((u: { Tags: string }) => u.Tags === 'Editor')).toBe(true);
      expect((await t.call({ method: 'GET', url: `${USERS}?Tags=root`, token: admin })).statusCode).toBe(400);
      const token = await loginAs(t, 'victor');
      const info = await t.call({ method: 'GET', url: '/api/v2/auth/user-info', token });
      expect(info.json().data.groupName).toBe('Night shift');

      await t.call({ method: 'PUT', url: `${USERS}/${aid}`, token: admin, payload: { Status: 0 } });
      expect((await list(`?AID=${aid}`)).data.recordset[0].Status).toBe(0);
      // The open session ends at once (issue 21: 401), and a new login is refused saying why.
      expect((await t.call({ method: 'POST', url: '/api/v2/auth/check', token })).statusCode).toBe(401);
      const login = await t.call({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { Account: 'victor', Password: TEST_PASSWORD },
        remoteAddress: '10.9.0.2',
      });
      expect(login.json().messageCode).toBe('ACCOUNT_DISABLED');
      await t.call({ method: 'PUT', url: `${USERS}/${aid}`, token: admin, payload: { Status: 1, GroupID: null } });
      expect((await list(`?AID=${aid}`)).data.recordset[0]).toMatchObject({ Status: 1, GroupID: null });
    });

    it('refuses an empty change, an unknown tag and a status of 2', async () => {
      const aid = await addUser(t.db, 'unchanged', 'viewer');
      for (const payload of [{}, { Tags: 'root' }, { Status: 2 }]) {
        const res = await t.call({ method: 'PUT', url: `${USERS}/${aid}`, token: admin, payload });
        expect(res.statusCode).toBe(400);
      }
      expect((await list(`?AID=${aid}`)).data.recordset[0]).toMatchObject({ Tags: 'Viewer', Status: 1 });
    });

    it('never touches users of another company: 404 as if they did not exist', async () => {
      const aid = (await t.db.query<{ aid: number }>(`SELECT aid FROM app_user WHERE account = 'stranger'`)).rows[0]
        ?.aid;
      for (const [method, payload] of [
        ['PUT', { Tags: 'Viewer' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await t.call({ method, url: `${USERS}/${aid}`, token: admin, ...(payload ? { payload } : {}) });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(`User ${aid} not found`);
      }
      const missing = await t.call({ method: 'DELETE', url: `${USERS}/987654`, token: admin });
      expect(missing.json()).toEqual({ ...missing.json(), message: 'User 987654 not found' });
      const { rows } = await t.db.query(`SELECT role FROM company_user WHERE aid = $1`, [aid]);
      expect(rows).toEqual([{ role: 'admin' }]);
    });

    it('leaves name and mail of a user who also works elsewhere to that user', async () => {
      const aid = await addUser(t.db, 'two-jobs', 'viewer');
      await t.db.query(`INSERT INTO company_user (cid, aid, role) VALUES ($1, $2, 'viewer')`, [otherCid, aid]);
      const res = await t.call({
        method: 'PUT',
        url: `${USERS}/${aid}`,
        token: admin,
        payload: { Mail: 'x@example.com' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().messageCode).toBe('USER_MANAGED_ELSEWHERE');
      // Role changes are this company's business.
      const role = await t.call({ method: 'PUT', url: `${USERS}/${aid}`, token: admin, payload: { Tags: 'Editor' } });
      expect(role.statusCode).toBe(200);
      // Removing them here keeps their account for the other company.
      await t.call({ method: 'DELETE', url: `${USERS}/${aid}`, token: admin });
      const { rows } = await t.db.query(`SELECT cid FROM company_user WHERE aid = $1`, [aid]);
      expect(rows).toEqual([{ cid: otherCid }]);
    });

    it('changes the name and mail of its own user, refusing a mail in use', async () => {
      const aid = await addUser(t.db, 'renamed', 'viewer');
      const taken = await t.call({
        method: 'PUT',
        url: `${USERS}/${aid}`,
        token: admin,
        payload: { Mail: 'stranger@elsewhere.test' },
      });
      expect(taken.json().messageCode).toBe('MAIL_TAKEN');
      const ok = await t.call({
        method: 'PUT',
        url: `${USERS}/${aid}`,
        token: admin,
        payload: { Name: 'Renée', Mail: 'renee@example.com' },
      });
      expect(ok.statusCode).toBe(200);
      expect((await list(`?AID=${aid}`)).data.recordset[0]).toMatchObject({ Name: 'Renée', Mail: 'renee@example.com' });
    });

    it('deletes a user and their account when this was their only company', async () => {
      const aid = await addUser(t.db, 'leaver', 'viewer');
      const token = await loginAs(t, 'leaver');
      const res = await t.call({ method: 'DELETE', url: `${USERS}/${aid}`, token: admin });
      expect(res.json()).toMatchObject({ status: 0 });
      expect((await t.db.query('SELECT 1 FROM app_user WHERE aid = $1', [aid])).rows).toHaveLength(0);
      expect((await t.call({ method: 'POST', url: '/api/v2/auth/check', token })).statusCode).toBe(401);
      // The account name is free again.
      const again = await create({ Name: 'Leaver', Account: 'leaver', Tags: 'Viewer', Mail: 'leaver2@example.com' });
      expect(again.statusCode).toBe(200);
    });
  });

  describe('the last admin', () => {
    it('cannot be deleted, demoted or disabled; with a second admin they can', async () => {
      const cid = await addCompany(t, 'Solo Operator', 3);
      const solo = await addUser(t.db, 'solo-admin', 'admin', cid);
      await addUser(t.db, 'solo-viewer', 'viewer', cid);
      const token = await loginAs(t, 'solo-admin');
      for (const [method, payload] of [
        ['DELETE', undefined],
        ['PUT', { Tags: 'Editor' }],
        ['PUT', { Status: 0 }],
      ] as const) {
        const res = await t.call({ method, url: `${USERS}/${solo}`, token, ...(payload ? { payload } : {}) });
        expect(res.statusCode).toBe(409);
        expect(res.json().messageCode).toBe('LAST_ADMIN');
      }
      expect(
        (await t.db.query(`SELECT role, status FROM company_user WHERE cid = $1 AND aid = $2`, [cid, solo])).rows,
      ).toEqual([{ role: 'admin', status: 1 }]);
      // An invited admin (no password yet) does not count.
      const invited = await create(
        { Name: 'Pending', Account: 'solo-pending', Tags: 'admin', Mail: 'pending@example.com' },
        token,
      );
      expect(invited.json().Invited).toBe(true);
      expect(
        (await t.call({ method: 'PUT', url: `${USERS}/${solo}`, token, payload: { Tags: 'Viewer' } })).statusCode,
      ).toBe(409);

      const second = await addUser(t.db, 'solo-second', 'admin', cid);
      const demote = await t.call({ method: 'PUT', url: `${USERS}/${solo}`, token, payload: { Tags: 'Editor' } });
      expect(demote.statusCode).toBe(200);
      // Now solo-second is the last one; solo's session ended with the demotion (401).
      const token2 = await loginAs(t, 'solo-second');
      const del = await t.call({ method: 'DELETE', url: `${USERS}/${second}`, token: token2 });
      expect(del.json().messageCode).toBe('LAST_ADMIN');
      expect((await t.call({ method: 'GET', url: USERS, token })).statusCode).toBe(401);
    });

    it('holds when two admins demote each other at the same moment', async () => {
      const cid = await addCompany(t, 'Pair Operator', 1);
      const a = await addUser(t.db, 'pair-a', 'admin', cid);
      const b = await addUser(t.db, 'pair-b', 'admin', cid);
      const [ta, tb] = [await loginAs(t, 'pair-a'), await loginAs(t, 'pair-b')];
      const results = await Promise.all([
        t.call({ method: 'PUT', url: `${USERS}/${b}`, token: ta, payload: { Tags: 'Viewer' } }),
        t.call({ method: 'PUT', url: `${USERS}/${a}`, token: tb, payload: { Tags: 'Viewer' } }),
      ]);
      // The loser is refused either way: 409 when both calls passed the role check before either
      // committed, 401 when the winner committed before the loser's call was authenticated (a loaded
      // machine: the demotion ended the loser's session).
      expect([
        [200, 401],
        [200, 409],
      ]).toContainEqual(results.map((r) => r.statusCode).sort());
      const { rows } = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM company_user WHERE cid = $1 AND role = 'admin'`,
        [cid],
      );
      expect(rows[0]?.n).toBe(1);
    });
  });

  describe('access', () => {
    it('is for admins only', async () => {
      await addUser(t.db, 'eddie', 'editor');
      const token = await loginAs(t, 'eddie');
      for (const [method, url] of [
        ['GET', USERS],
        ['POST', USERS],
        ['GET', `${USERS}/group`],
        ['POST', `${USERS}/invite`],
      ] as const) {
        const res = await t.call({ method, url, token, ...(method === 'POST' ? { payload: {} } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await t.call({ method: 'GET', url: USERS })).statusCode).toBe(401);
    });
  });
});
