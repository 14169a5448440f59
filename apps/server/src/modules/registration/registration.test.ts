import { REGISTRATION_FAILURE_MESSAGES } from '@pitboss/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox, loginAs } from '../../testing/session';
import { linkIn, type SmtpSink, startSmtpSink } from '../../testing/smtp-sink';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, addUser, TEST_PASSWORD } from '../../testing/users';

const PUBLIC_URL = 'https://pitboss.example.test';
const REGISTER = '/api/v2/auth/register';

describeEachDatabase(
  'invitations and registration',
  (t) => {
    let sink: SmtpSink;
    let admin: string;
    let publisherCid: number;
    let publisherAdmin: string;
    beforeAll(async () => {
      sink = await startSmtpSink();
      t.app.config.smtpUrl = sink.url;
      admin = await loginAs(t, 'admin', 'admin-password-1');
      publisherCid = await addCompany(t, 'Dragon Games', 2);
      await addUser(t.db, 'pub-admin', 'admin', publisherCid);
      publisherAdmin = await loginAs(t, 'pub-admin');
    });
    afterAll(() => sink.close());

    const tokenOf = (link: string) => decodeURIComponent(link.split('/register/')[1] ?? '');
    const checkUrl = (token: string) =>
      t.call({ method: 'GET', url: '/api/v2/auth/check-register-url', headers: { authorization: `Bearer ${token}` } });
    const generate = (token: string, payload: Record<string, unknown>) =>
      t.call({ method: 'POST', url: '/api/v2/auth/generate-register-url', token, payload });
    const register = (payload: Record<string, unknown>, ip = '10.60.0.1') =>
      t.call({ method: 'POST', url: REGISTER, payload, remoteAddress: ip });
    async function mailedLink(to: string): Promise<string> {
      await drainOutbox(t);
      const mail = await sink.waitFor((m) => m.to.includes(to));
      return linkIn(mail, `${PUBLIC_URL}/register/`);
    }

    describe('an invited user', () => {
      it('gets a mail with /register/{token}, registers, and logs in with the given role', async () => {
        const created = await t.call({
          method: 'POST',
          url: '/api/v2/system/user',
          token: admin,
          payload: { Name: 'Nina Newcomer', Account: 'nina', Tags: 'Editor', Mail: 'nina@example.com' },
        });
        expect(created.json()).toMatchObject({ status: 0, Invited: true });
        const link = await mailedLink('nina@example.com');
        const mail = sink.mails.find((m) => m.to.includes('nina@example.com'));
        expect(mail?.subject).toContain('Demo Platform');
        expect(mail?.html).toContain(link);
        const token = tokenOf(link);

        const check = await checkUrl(token);
        expect(check.json()).toMatchObject({
          status: 0,
          data: {
            Kind: 'invite',
            Account: 'nina',
            Name: 'Nina Newcomer',
            Mail: 'nina@example.com',
            Tags: 'Editor',
            CompanyName: 'Demo Platform',
          },
        });
        // The bare token works in Authorization too.
        expect(
          (await t.call({ method: 'GET', url: '/api/v2/auth/check-register-url', headers: { authorization: token } }))
            .statusCode,
        ).toBe(200);

        const weak = await register({ Token: token, Password: 'short' });
        expect(weak.statusCode).toBe(400);
        expect(weak.json()).toMatchObject({ messageCode: 'VALIDATION_FAILED', errors: [{ field: 'Password' }] });
        const named = await register({ Token: token, Password: 'nina-is-here-1' });
        expect(named.json().errors[0]).toMatchObject({
          field: 'Password',
          message: 'must not contain the account name',
        });

        const ok = await register({ Token: token, Password: 'Harbour-lights-7' });
        expect(ok.json()).toEqual({ status: 0, message: expect.any(String), Account: 'nina' });
        const session = await loginAs(t, 'nina', 'Harbour-lights-7');
        const me = await t.call({ method: 'POST', url: '/api/v2/auth/check', token: session });
        expect(me.json()).toMatchObject({ _role: 'editor', account: 'nina' });
        const list = await t.call({ method: 'GET', url: '/api/v2/system/user?Account=nina', token: admin });
        expect(list.json().data.recordset[0].Status).toBe(1);

        // Single use.
        const reuse = await register({ Token: token, Password: 'Another-pass-9' });
        expect(reuse.statusCode).toBe(400);
        expect(reuse.json().messageCode).toBe('REGISTER_FAILED');
        expect((await checkUrl(token)).json().messageCode).toBe('REGISTER_URL_INVALID');
        await loginAs(t, 'nina', 'Harbour-lights-7');
      });

      it('refuses an expired invitation, and a new one (POST invite) replaces the old', async () => {
        const created = await t.call({
          method: 'POST',
          url: '/api/v2/system/user',
          token: admin,
          payload: { Name: 'Otto', Account: 'otto', Tags: 'Viewer', Mail: 'otto@example.com' },
        });
        const aid = created.json().AID;
        const first = tokenOf(await mailedLink('otto@example.com'));
        await t.db.query(`UPDATE registration_token SET expires_at = now() - interval '1 minute' WHERE aid = $1`, [
          aid,
        ]);
        const expired = await register({ Token: first, Password: 'Seaside-valid-1' });
        expect(expired.json().messageCode).toBe('REGISTER_FAILED');
        expect((await checkUrl(first)).statusCode).toBe(400);

        sink.mails.length = 0;
        const invite = await t.call({
          method: 'POST',
          url: '/api/v2/system/user/invite',
          token: admin,
          payload: { AID: aid },
        });
        expect(invite.json()).toMatchObject({ status: 0, expired: expect.any(String) });
        const second = tokenOf(await mailedLink('otto@example.com'));
        expect(second).not.toBe(first);
        expect((await register({ Token: second, Password: 'Seaside-valid-1' })).statusCode).toBe(200);
        // A registered user cannot be invited again.
        const again = await t.call({
          method: 'POST',
          url: '/api/v2/system/user/invite',
          token: admin,
          payload: { AID: aid },
        });
        expect(again.json().messageCode).toBe('ALREADY_REGISTERED');
      });
    });

    describe('the registration-link generator', () => {
      it('is for admins of a publisher company only', async () => {
        const platform = await generate(admin, { Tags: 'Viewer' });
        expect(platform.statusCode).toBe(403);
        expect(platform.json().messageCode).toBe('PRICE_LEVEL_FORBIDDEN');
        await addUser(t.db, 'pub-editor', 'editor', publisherCid);
        const editor = await loginAs(t, 'pub-editor');
        const res = await generate(editor, { Tags: 'Viewer' });
        expect(res.statusCode).toBe(403);
      });

      it('makes a single-use link for a role and company, valid until its expiry', async () => {
        const expired = new Date(Date.now() + 2 * 3600_000).toISOString();
        const res = await generate(publisherAdmin, { Tags: 'Viewer', expired });
        expect(res.json()).toMatchObject({ status: 0, expired });
        const { url, token } = res.json();
        expect(url).toBe(`${PUBLIC_URL}/register/${token}`);
        expect((await checkUrl(token)).json().data).toMatchObject({
          Kind: 'join',
          Tags: 'Viewer',
          CompanyName: 'Dragon Games',
          Mail: null,
        });

        const missing = await register({ Token: token, Account: 'linda', Password: 'Maple-tree-77' });
        expect(missing.json().errors[0].field).toBe('Name');
        const ok = await register({
          Token: token,
          Account: 'linda',
          Password: 'Quiet-forest-9',
          Name: 'Linda',
          Mail: 'linda@example.com',
        });
        expect(ok.json()).toMatchObject({ status: 0, Account: 'linda' });
        const session = await loginAs(t, 'linda', 'Quiet-forest-9');
        expect((await t.call({ method: 'POST', url: '/api/v2/auth/check', token: session })).json()).toMatchObject({
          _role: 'viewer',
          _isPublisher: true,
        });
        const reuse = await register({
          Token: token,
          Account: 'linda2',
          Password: 'Quiet-forest-9',
          Name: 'L',
          Mail: 'l2@example.com',
        });
        expect(reuse.json().messageCode).toBe('REGISTER_FAILED');
      });

      it('refuses bad expiries, unknown tags and a company the caller does not administer', async () => {
        const gen = (payload: Record<string, unknown>) => generate(publisherAdmin, payload);
        expect(
          (await gen({ Tags: 'Viewer', expired: new Date(Date.now() - 1000).toISOString() })).json().errors[0].field,
        ).toBe('expired');
        expect(
          (await gen({ Tags: 'Viewer', expired: new Date(Date.now() + 91 * 86_400_000).toISOString() })).statusCode,
        ).toBe(400);
        expect((await gen({ Tags: 'Viewer', expired: '2030-13-01' })).json().errors[0].field).toBe('expired');
        expect((await gen({ Tags: 'Boss' })).json().errors[0].field).toBe('Tags');
        const foreign = await gen({ Tags: 'admin', cid: 1 });
        expect(foreign.statusCode).toBe(403);
        expect(foreign.json().messageCode).toBe('COMPANY_FORBIDDEN');
        const { rows } = await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM registration_token WHERE cid = 1 AND kind = 'link'`,
        );
        expect(rows[0]?.n).toBe(0);
      });

      it('lets an existing account join with its password, and fails alike for a wrong password or a taken account', async () => {
        const cid2 = await addCompany(t, 'Far Away Ltd', 1);
        await addUser(t.db, 'roamer', 'viewer', cid2, { mail: 'roamer@example.com' });
        const link = async () => (await generate(publisherAdmin, { Tags: 'Editor' })).json().token as string;
        const token = await link();
        const wrong = await register({ Token: token, Account: 'roamer', Password: 'not-the-password-1' }, '10.61.0.1');
        const taken = await register(
          { Token: token, Account: 'roamer', Password: 'Brand-new-pass-1', Name: 'R', Mail: 'r@example.com' },
          '10.61.0.2',
        );
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toEqual(taken.json());
        expect(wrong.json().messageCode).toBe('REGISTER_FAILED');
        expect(REGISTRATION_FAILURE_MESSAGES.REGISTER_FAILED).toBe('註冊失敗，請聯繫客服');
        // A taken mail fails the same way.
        const mailTaken = await register(
          { Token: token, Account: 'fresh-one', Password: 'Brand-new-pass-1', Name: 'F', Mail: 'roamer@example.com' },
          '10.61.0.3',
        );
        expect(mailTaken.json()).toEqual(wrong.json());

        const joined = await register({ Token: token, Account: 'roamer', Password: TEST_PASSWORD }, '10.61.0.4');
        expect(joined.json()).toMatchObject({ status: 0, Account: 'roamer' });
        const session = await loginAs(t, 'roamer');
        const info = (await t.call({ method: 'GET', url: '/api/v2/auth/user-info', token: session })).json().data;
        expect(info.companyIds).toEqual([publisherCid, cid2].sort((a, b) => a - b));
      });
    });

    describe('inviting an address', () => {
      it('answers the same for a new and an existing address, and the mail lets either join', async () => {
        const cid2 = await addCompany(t, 'Elsewhere Gaming', 3);
        await addUser(t.db, 'known-person', 'viewer', cid2, { mail: 'known@example.com' });
        const invite = (Mail: string) =>
          t.call({
            method: 'POST',
            url: '/api/v2/system/user/invite',
            token: admin,
            payload: { Mail, Tags: 'Viewer' },
          });
        const known = await invite('known@example.com');
        const unknown = await invite('unknown@example.com');
        expect(known.statusCode).toBe(200);
        expect({ ...known.json(), expired: '' }).toEqual({ ...unknown.json(), expired: '' });

        const knownToken = tokenOf(await mailedLink('known@example.com'));
        expect((await checkUrl(knownToken)).json().data).toMatchObject({ Kind: 'join', Mail: 'known@example.com' });
        expect(
          (await register({ Token: knownToken, Account: 'known-person', Password: TEST_PASSWORD }, '10.62.0.1'))
            .statusCode,
        ).toBe(200);

        const unknownToken = tokenOf(await mailedLink('unknown@example.com'));
        const otherMail = await register(
          {
            Token: unknownToken,
            Account: 'unknown-person',
            Password: 'Fresh-start-42',
            Name: 'U',
            Mail: 'else@example.com',
          },
          '10.62.0.2',
        );
        expect(otherMail.json().errors[0].field).toBe('Mail');
        const ok = await register(
          { Token: unknownToken, Account: 'unknown-person', Password: 'Fresh-start-42', Name: 'U' },
          '10.62.0.3',
        );
        expect(ok.statusCode).toBe(200);
        const row = await t.db.query<{ mail: string }>(`SELECT mail FROM app_user WHERE account = 'unknown-person'`);
        expect(row.rows[0]?.mail).toBe('unknown@example.com');

        const member = await invite('unknown@example.com');
        expect(member.json().messageCode).toBe('ALREADY_MEMBER');
      });

      it('lists pending invitations and revokes one', async () => {
        await t.call({
          method: 'POST',
          url: '/api/v2/system/user/invite',
          token: admin,
          payload: { Mail: 'pending@example.com', Tags: 'Editor' },
        });
        const list = (await t.call({ method: 'GET', url: '/api/v2/system/user/invite', token: admin })).json();
        const pending = list.data.recordset.find((i: { Mail: string }) => i.Mail === 'pending@example.com');
        expect(pending).toMatchObject({ Kind: 'mail', Tags: 'Editor', CreatedBy: 'admin' });
        const token = tokenOf(await mailedLink('pending@example.com'));
        expect(
          (await t.call({ method: 'DELETE', url: `/api/v2/system/user/invite/${pending.ID}`, token: admin }))
            .statusCode,
        ).toBe(200);
        expect((await checkUrl(token)).json().messageCode).toBe('REGISTER_URL_INVALID');
        expect(
          (await t.call({ method: 'DELETE', url: `/api/v2/system/user/invite/${pending.ID}`, token: admin }))
            .statusCode,
        ).toBe(404);
      });

      it('lists one kind only when asked, and refuses an unknown kind', async () => {
        await generate(publisherAdmin, { Tags: 'Viewer' });
        await t.call({
          method: 'POST',
          url: '/api/v2/system/user/invite',
          token: publisherAdmin,
          payload: { Mail: 'kind-filter@example.com', Tags: 'Viewer' },
        });
        const kinds = async (query: string) => {
          const res = await t.call({ method: 'GET', url: `/api/v2/system/user/invite${query}`, token: publisherAdmin });
          return { body: res.json(), kinds: new Set(res.json().data.recordset.map((i: { Kind: string }) => i.Kind)) };
        };
        expect((await kinds('')).kinds).toEqual(new Set(['link', 'mail']));
        const links = await kinds('?Kind=link');
        expect(links.kinds).toEqual(new Set(['link']));
        expect(links.body.cnt).toBe(links.body.data.recordset.length);
        const bad = await t.call({
          method: 'GET',
          url: '/api/v2/system/user/invite?Kind=other',
          token: publisherAdmin,
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors[0].field).toBe('Kind');
      });

      it('needs Mail and Tags, or an AID', async () => {
        const res = await t.call({
          method: 'POST',
          url: '/api/v2/system/user/invite',
          token: admin,
          payload: { Mail: 'x@example.com' },
        });
        expect(res.json().errors[0].field).toBe('Tags');
        const none = await t.call({ method: 'POST', url: '/api/v2/system/user/invite', token: admin, payload: {} });
        expect(none.json().errors[0].field).toBe('Mail');
      });
    });

    describe('checks', () => {
      it('verifies an address only for the holder of a usable token, with the fixed failure codes', async () => {
        const { token } = (await generate(publisherAdmin, { Tags: 'Viewer' })).json();
        const check = (mail: string, auth?: string) =>
          t.call({
            method: 'GET',
            url: `/api/v2/auth/check-email?mail=${encodeURIComponent(mail)}`,
            ...(auth ? { headers: { authorization: `Bearer ${auth}` } } : {}),
            remoteAddress: '10.63.0.1',
          });
        expect((await check('free@example.com', token)).json()).toMatchObject({ status: 0 });
        const taken = await check('nina@example.com', token);
        expect(taken.statusCode).toBe(400);
        expect(taken.json().messageCode).toBe('EMAIL_VERIFY_FAILED');
        expect((await check('free@example.com')).json().messageCode).toBe('REGISTER_URL_INVALID');
        expect((await check('free@example.com', `1-${'A'.repeat(43)}`)).json().messageCode).toBe(
          'REGISTER_URL_INVALID',
        );
        expect((await check('not-a-mail', token)).json().errors[0].field).toBe('mail');
      });

      it('rate-limits checks per address', async () => {
        let last = 0;
        for (let i = 0; i < 61; i++) {
          last = (
            await t.call({
              method: 'GET',
              url: '/api/v2/auth/check-register-url',
              headers: { authorization: `Bearer 1-${String(i).padStart(43, 'x')}` },
              remoteAddress: '10.64.0.1',
            })
          ).statusCode;
        }
        expect(last).toBe(429);
      });
    });
  },
  { PITBOSS_PUBLIC_URL: PUBLIC_URL },
);
