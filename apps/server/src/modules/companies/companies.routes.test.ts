import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox, loginAs } from '../../testing/session';
import { linkIn, type SmtpSink, startSmtpSink } from '../../testing/smtp-sink';
import { describeEachDatabase } from '../../testing/test-app';
import { addUser } from '../../testing/users';

const PUBLIC_URL = 'https://pitboss.example.test';
const COMPANIES = '/api/v2/system/company';

describeEachDatabase(
  'company administration',
  (t) => {
    let sink: SmtpSink;
    let boss: string;
    let admin: string;
    beforeAll(async () => {
      sink = await startSmtpSink();
      t.app.config.smtpUrl = sink.url;
      await addUser(t.db, 'boss', 'viewer', 1);
      boss = await loginAs(t, 'boss');
      admin = await loginAs(t, 'admin', 'admin-password-1');
    });
    afterAll(() => sink.close());

    const countCompanies = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM company')).rows[0]?.n;
    const create = (payload: Record<string, unknown>, token = boss) =>
      t.call({ method: 'POST', url: COMPANIES, token, payload });

    it('refuses everyone but the special administrator: 403 for an admin, 401 without a token', async () => {
      const before = await countCompanies();
      expect((await t.call({ method: 'GET', url: COMPANIES, token: admin })).statusCode).toBe(403);
      const post = await create({ Name: 'Sneaky', OperatorType: 1, Mail: 'x@example.com' }, admin);
      expect(post.statusCode).toBe(403);
      const put = await t.call({ method: 'PUT', url: `${COMPANIES}/1`, token: admin, payload: { Name: 'Mine' } });
      expect(put.statusCode).toBe(403);
      expect((await t.call({ method: 'GET', url: COMPANIES })).statusCode).toBe(401);
      expect(await countCompanies()).toBe(before);
      const { rows } = await t.db.query<{ name: string }>('SELECT name FROM company WHERE cid = 1');
      expect(rows[0]?.name).toBe('Demo Platform');
    });

    it('refuses bad input naming the field, and changes nothing', async () => {
      const before = await countCompanies();
      const type = await create({ Name: 'Bad Type', OperatorType: 4, Mail: 'a@example.com' });
      expect(type.statusCode).toBe(400);
      expect(type.json().errors[0].field).toBe('OperatorType');
      const currency = await create({ Name: 'Bad Cur', OperatorType: 2, BaseCurrency: 'XYZ', Mail: 'a@example.com' });
      expect(currency.statusCode).toBe(400);
      expect(currency.json().errors[0].field).toBe('BaseCurrency');
      const zone = await create({ Name: 'Bad Zone', OperatorType: 2, TimeZone: 'Mars/Base', Mail: 'a@example.com' });
      expect(zone.json().errors[0].field).toBe('TimeZone');
      const mail = await create({ Name: 'No Mail', OperatorType: 2 });
      expect(mail.json().errors[0].field).toBe('Mail');
      expect(await countCompanies()).toBe(before);
      const put = await t.call({ method: 'PUT', url: `${COMPANIES}/1`, token: boss, payload: { OperatorType: 7 } });
      expect(put.statusCode).toBe(400);
      expect(put.json().errors[0].field).toBe('OperatorType');
      const missing = await t.call({ method: 'PUT', url: `${COMPANIES}/99999`, token: boss, payload: { Name: 'X' } });
      expect(missing.statusCode).toBe(404);
    });

    describe('a new publisher company', () => {
      let cid: number;
      let pubAdmin: string;

      it('is created with its defaults and its first administrator invited by mail', async () => {
        const res = await create({
          Name: 'Dragon Games',
          OperatorType: 2,
          BaseCurrency: 'THB',
          TimeZone: 'Asia/Bangkok',
          Mail: 'first-admin@dragon.test',
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: 0, CID: expect.any(Number), expired: expect.any(String) });
        cid = res.json().CID;
        const { rows } = await t.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM player_alert_rule WHERE cid = $1',
          [cid],
        );
        expect(rows[0]?.n).toBeGreaterThan(0);

        await drainOutbox(t);
        const mail = await sink.waitFor((m) => m.to.includes('first-admin@dragon.test'));
        const token = decodeURIComponent(linkIn(mail, `${PUBLIC_URL}/register/`).split('/register/')[1] ?? '');
        const reg = await t.call({
          method: 'POST',
          url: '/api/v2/auth/register',
          remoteAddress: '10.70.0.1',
          payload: { Token: token, Account: 'dragon-admin', Name: 'Dragon Admin', Password: 'Golden-dragon-88' },
        });
        expect(reg.json()).toMatchObject({ status: 0, Account: 'dragon-admin' });
        pubAdmin = await loginAs(t, 'dragon-admin', 'Golden-dragon-88');
        const check = (await t.call({ method: 'POST', url: '/api/v2/auth/check', token: pubAdmin })).json();
        expect(check).toMatchObject({ _role: 'admin', _isPublisher: true, priceLevel: 'publisher' });
      });

      it('works like company 1: lists answer for it, scoped to it', async () => {
        const users = (await t.call({ method: 'GET', url: '/api/v2/system/user', token: pubAdmin })).json();
        expect(users.data.recordset.map((u: { Account: string }) => u.Account)).toEqual(['dragon-admin']);
        const rules = (await t.call({ method: 'GET', url: '/api/v2/monitor/alert-settings', token: pubAdmin })).json();
        expect(rules.status).toBe(0);
        const settings = (await t.call({ method: 'GET', url: '/api/v2/system/setting', token: pubAdmin })).json();
        expect(settings.data ?? settings).toMatchObject({ BaseCurrency: 'THB', TimeZone: 'Asia/Bangkok' });
        const ones = (await t.call({ method: 'GET', url: '/api/v2/system/user', token: admin })).json();
        expect(ones.data.recordset.map((u: { Account: string }) => u.Account)).not.toContain('dragon-admin');
        // Company administration stays closed to the new company's admin.
        expect((await t.call({ method: 'GET', url: COMPANIES, token: pubAdmin })).statusCode).toBe(403);
      });

      it('is listed with its fields and administrators', async () => {
        const list = (await t.call({ method: 'GET', url: `${COMPANIES}?Name=dragon`, token: boss })).json();
        expect(list.data.recordset).toEqual([
          expect.objectContaining({
            CID: cid,
            Name: 'Dragon Games',
            OperatorType: 2,
            BaseCurrency: 'THB',
            TimeZone: 'Asia/Bangkok',
            Active: true,
            Admins: 1,
          }),
        ]);
        const all = (await t.call({ method: 'GET', url: COMPANIES, token: boss })).json();
        expect(all.data.recordset.map((c: { CID: number }) => c.CID)).toEqual(expect.arrayContaining([1, cid]));
      });

      it('is edited, and a deactivated company cannot be worked in until reactivated', async () => {
        const renamed = await t.call({
          method: 'PUT',
          url: `${COMPANIES}/${cid}`,
          token: boss,
          payload: { Name: 'Dragon Studio', TimeZone: 'Asia/Tokyo', Active: false },
        });
        expect(renamed.json()).toMatchObject({ status: 0 });
        expect((await t.call({ method: 'POST', url: '/api/v2/auth/check', token: pubAdmin })).statusCode).toBe(401);
        const login = await t.call({
          method: 'POST',
          url: '/api/v2/auth/login',
          payload: { Account: 'dragon-admin', Password: 'Golden-dragon-88' },
          remoteAddress: '10.70.0.2',
        });
        expect(login.statusCode).toBe(403);
        await t.call({ method: 'PUT', url: `${COMPANIES}/${cid}`, token: boss, payload: { Active: true } });
        const again = await loginAs(t, 'dragon-admin', 'Golden-dragon-88');
        const check = (await t.call({ method: 'POST', url: '/api/v2/auth/check', token: again })).json();
        expect(check).toMatchObject({ _role: 'admin', _isPublisher: true });
        const { rows } = await t.db.query<{ name: string; time_zone: string }>(
          'SELECT name, time_zone FROM company WHERE cid = $1',
          [cid],
        );
        expect(rows[0]).toEqual({ name: 'Dragon Studio', time_zone: 'Asia/Tokyo' });
      });
    });
  },
  { PITBOSS_PUBLIC_URL: PUBLIC_URL, PITBOSS_SUPERADMIN: 'boss' },
);
