import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox, loginAs } from '../../testing/session';
import { linkIn, type SmtpSink, startSmtpSink } from '../../testing/smtp-sink';
import { describeEachDatabase } from '../../testing/test-app';
import { addUser, TEST_PASSWORD } from '../../testing/users';

const PUBLIC_URL = 'https://console.example.test';

describeEachDatabase(
  'password reset',
  (t) => {
    let sink: SmtpSink;
    beforeAll(async () => {
      sink = await startSmtpSink();
      t.app.config.smtpUrl = sink.url;
    });
    afterAll(() => sink.close());

    const sendReset = (payload: Record<string, unknown>, ip = '10.70.0.1') =>
      t.call({ method: 'POST', url: '/api/v2/auth/send-reset-mail', payload, remoteAddress: ip });
    const reset = (Token: string, Password: string, ip = '10.70.1.1') =>
      t.call({ method: 'POST', url: '/api/v2/auth/reset-password', payload: { Token, Password }, remoteAddress: ip });
    const login = (Account: string, Password: string, ip: string) =>
      t.call({ method: 'POST', url: '/api/v2/auth/login', payload: { Account, Password }, remoteAddress: ip });
    async function resetToken(to: string): Promise<string> {
      await drainOutbox(t);
      const mail = await sink.waitFor((m) => m.to.includes(to) && m.text.includes('/resetPassword/'));
      sink.mails.splice(sink.mails.indexOf(mail), 1);
      return decodeURIComponent(linkIn(mail, `${PUBLIC_URL}/resetPassword/`).split('/resetPassword/')[1] ?? '');
    }

    it('mails a link; the new password works, the old one and every old session stop', async () => {
      await addUser(t.db, 'rita', 'editor', 1, { mail: 'rita@example.com' });
      const oldSession = await loginAs(t, 'rita');
      const sent = await sendReset({ Mail: 'RITA@example.com' });
      expect(sent.json()).toMatchObject({ status: 0 });
      const token = await resetToken('rita@example.com');

      // The reset page may show whose account this is, to the holder of the link only.
      const who = await t.call({
        method: 'GET',
        url: '/api/v2/auth/account-by-email?mail=rita@example.com',
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: '10.70.2.1',
      });
      expect(who.json()).toEqual({ status: 0, data: { Account: 'rita', Name: 'rita' } });

      const weak = await reset(token, 'weak');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors[0].field).toBe('Password');
      const ok = await reset(token, 'Lantern-bright-88');
      expect(ok.json()).toMatchObject({ status: 0, Account: 'rita' });

      expect((await t.call({ method: 'POST', url: '/api/v2/auth/check', token: oldSession })).statusCode).toBe(401);
      expect((await login('rita', TEST_PASSWORD, '10.70.3.1')).statusCode).toBe(401);
      expect((await login('rita', 'Lantern-bright-88', '10.70.3.2')).statusCode).toBe(200);

      const reuse = await reset(token, 'Another-lantern-9');
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().messageCode).toBe('RESET_TOKEN_INVALID');
      expect((await login('rita', 'Lantern-bright-88', '10.70.3.3')).statusCode).toBe(200);
    });

    it('refuses an expired link, and a newer request voids the older link', async () => {
      const aid = await addUser(t.db, 'sam', 'viewer', 1, { mail: 'sam@example.com' });
      await sendReset({ Account: 'sam' }, '10.71.0.1');
      const first = await resetToken('sam@example.com');
      await sendReset({ Mail: 'sam@example.com' }, '10.71.0.2');
      const second = await resetToken('sam@example.com');
      expect((await reset(first, 'Valid-new-pass-1')).json().messageCode).toBe('RESET_TOKEN_INVALID');
      await t.db.query(`UPDATE password_reset_token SET expires_at = now() - interval '1 second' WHERE aid = $1`, [
        aid,
      ]);
      expect((await reset(second, 'Valid-new-pass-1')).json().messageCode).toBe('RESET_TOKEN_INVALID');
      expect((await login('sam', TEST_PASSWORD, '10.71.1.1')).statusCode).toBe(200);
    });

    it('an admin starts a reset for a user of the company: mailed, or the link answered when it cannot be', async () => {
      const admin = await loginAs(t, 'admin', 'admin-password-1');
      const aid = await addUser(t.db, 'rhea', 'viewer', 1, { mail: 'rhea@example.com' });
      const url = `/api/v2/system/user/${aid}/reset-password`;
      const mailed = await t.call({ method: 'POST', url, token: admin });
      expect(mailed.json()).toMatchObject({ status: 0, MailSent: true });
      expect(mailed.json().ResetLink).toBeUndefined();
      const token = await resetToken('rhea@example.com');
      expect(token.length).toBeGreaterThan(20);

      // No mail server: the admin gets the link, and it works.
      t.app.config.smtpUrl = undefined;
      try {
        const unsent = await t.call({ method: 'POST', url, token: admin });
        expect(unsent.json()).toMatchObject({ status: 0, MailSent: false });
        const link = unsent.json().ResetLink as string;
        expect(link.startsWith(`${PUBLIC_URL}/resetPassword/`)).toBe(true);
        const linkToken = decodeURIComponent(link.split('/resetPassword/')[1] ?? '');
        expect((await reset(linkToken, 'amber-lantern-77')).statusCode).toBe(200);
        expect((await login('rhea', 'amber-lantern-77', '10.71.0.9')).statusCode).toBe(200);
      } finally {
        t.app.config.smtpUrl = sink.url;
      }

      // Not for viewers; not for another company's user (unknown), nor one who never registered.
      const viewer = await loginAs(t, 'rhea', 'amber-lantern-77');
      expect((await t.call({ method: 'POST', url, token: viewer })).statusCode).toBe(403);
      expect(
        (await t.call({ method: 'POST', url: '/api/v2/system/user/999999/reset-password', token: admin })).statusCode,
      ).toBe(404);
    });

    it('answers alike for an unknown address and sends nothing', async () => {
      await addUser(t.db, 'known-reset', 'viewer', 1, { mail: 'known-reset@example.com' });
      const before = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox`)).rows[0]?.n;
      const unknown = await sendReset({ Mail: 'nobody-here@example.com' }, '10.72.0.1');
      const unknownAccount = await sendReset({ Account: 'nobody-here' }, '10.72.0.2');
      const known = await sendReset({ Mail: 'known-reset@example.com' }, '10.72.0.3');
      expect(unknown.json()).toEqual(known.json());
      expect(unknownAccount.json()).toEqual(known.json());
      const after = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox`)).rows[0]?.n;
      expect(after).toBe((before ?? 0) + 1);
    });

    it('tells the account of a link only with that link and that account’s mail', async () => {
      await addUser(t.db, 'tina', 'viewer', 1, { mail: 'tina@example.com' });
      await addUser(t.db, 'uma', 'viewer', 1, { mail: 'uma@example.com' });
      await sendReset({ Mail: 'tina@example.com' }, '10.73.0.1');
      const token = await resetToken('tina@example.com');
      const ask = (mail: string, auth?: string) =>
        t.call({
          method: 'GET',
          url: `/api/v2/auth/account-by-email?mail=${encodeURIComponent(mail)}`,
          ...(auth ? { headers: { authorization: auth } } : {}),
          remoteAddress: '10.73.1.1',
        });
      const noToken = await ask('uma@example.com');
      const otherMail = await ask('uma@example.com', token);
      const unknown = await ask('ghost@example.com', token);
      for (const res of [noToken, otherMail, unknown]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(noToken.json());
      }
      expect((await ask('tina@example.com', token)).json().data.Account).toBe('tina');
      expect((await ask('bad mail', token)).json().errors[0].field).toBe('mail');
    });

    describe('rate limits', () => {
      it('limit reset mails per address, for known and unknown addresses alike', async () => {
        await addUser(t.db, 'vera', 'viewer', 1, { mail: 'vera@example.com' });
        const statuses = async (Mail: string, base: number) => {
          const codes: number[] = [];
          for (let i = 0; i < 4; i++) codes.push((await sendReset({ Mail }, `10.74.${base}.${i}`)).statusCode);
          return codes;
        };
        const known = await statuses('vera@example.com', 1);
        const unknown = await statuses('ghost-vera@example.com', 2);
        expect(known).toEqual([200, 200, 200, 429]);
        expect(unknown).toEqual(known);
      });

      it('limit reset mails per IP', async () => {
        let last = 0;
        for (let i = 0; i < 11; i++)
          last = (await sendReset({ Mail: `flood-${i}@example.com` }, '10.75.0.1')).statusCode;
        expect(last).toBe(429);
      });
    });
  },
  { PITBOSS_PUBLIC_URL: PUBLIC_URL },
);
