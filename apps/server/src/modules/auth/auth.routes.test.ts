import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, TEST_ADMIN } from '../../testing/test-app';
import { jwtSecret } from '../system/secrets';
import { clearFailures } from './login-failures.repository';
import { hashPassword } from './password';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './tokens';

describeEachDatabase('auth', (t) => {
  const login = (Account: string, Password: string, ip = '10.0.0.1') =>
    t.call({ method: 'POST', url: '/api/v2/auth/login', payload: { Account, Password }, remoteAddress: ip });

  async function addUser(account: string, role: string, cid = 1, password = 'secret-pass-1') {
    const { rows } = await t.db.query<{ aid: number }>(
      `INSERT INTO app_user (account, name, password_hash) VALUES ($1, $1, $2) RETURNING aid`,
      [account, await hashPassword(password)],
    );
    const aid = rows[0]?.aid as number;
    await t.db.query('INSERT INTO company_user (cid, aid, role) VALUES ($1, $2, $3)', [cid, aid, role]);
    return aid;
  }

  describe('login', () => {
    it('answers a token and its expiry for the right password', async () => {
      const res = await login(TEST_ADMIN.account, TEST_ADMIN.password);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 0, message: 'OK' });
      expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(new Date(body.expired).getTime()).toBeGreaterThan(Date.now() + 3600_000);
    });

    it('answers a wrong password and an unknown account alike', async () => {
      const wrong = await login(TEST_ADMIN.account, 'not-the-password', '10.0.0.2');
      const unknown = await login('nobody-here', 'not-the-password', '10.0.0.2');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toEqual({
        status: 401,
        message: 'Wrong account or password',
        messageCode: 'INVALID_CREDENTIALS',
      });
    });

    it('limits failed attempts per account and address together: the owner still logs in from elsewhere', async () => {
      await addUser('limited', 'viewer');
      for (let i = 0; i < 5; i++) expect((await login('limited', `wrong-${i}`, '10.1.0.1')).statusCode).toBe(401);
      const blocked = await login('limited', 'secret-pass-1', '10.1.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(blocked.json()).toEqual({
        status: 429,
        messageCode: 'RATE_LIMITED',
        message: 'Too many failed login attempts; try again in 15 minutes',
      });
      // Wrong guesses from one address do not lock the owner out of another; nor an account that does not exist.
      expect((await login('limited', 'secret-pass-1', '10.1.0.2')).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await login('nobody-here', `wrong-${i}`, '10.1.0.3')).statusCode).toBe(401);
      expect((await login('nobody-here', 'x', '10.1.0.3')).statusCode).toBe(429);
      // Every process sees the same failures (they are in the database), and `unlock` clears them.
      expect(await clearFailures(t.db, 'limited')).toBe(5);
      expect((await login('limited', 'secret-pass-1', '10.1.0.1')).statusCode).toBe(200);
    });

    it('limits failed attempts per IP, whatever the account; successful logins do not count', async () => {
      const ip = '10.2.0.1';
      for (let i = 0; i < 35; i++) {
        expect((await login(TEST_ADMIN.account, TEST_ADMIN.password, ip)).statusCode).toBe(200);
      }
      let last = 0;
      for (let i = 0; i < 31; i++) last = (await login(`someone-${i}`, 'whatever', ip)).statusCode;
      expect(last).toBe(429);
      // Another address is not affected.
      expect((await login(TEST_ADMIN.account, TEST_ADMIN.password, '10.2.0.2')).statusCode).toBe(200);
    });

    it('refuses Mail and none users with a clear message', async () => {
      await addUser('mailer', 'mail');
      const res = await login('mailer', 'secret-pass-1', '10.3.0.1');
      expect(res.statusCode).toBe(403);
      expect(res.json().messageCode).toBe('ROLE_NO_CONSOLE');
    });

    it('names the missing or wrongly typed field', async () => {
      const missing = await t.call({ method: 'POST', url: '/api/v2/auth/login', payload: { Account: 'admin' } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().messageCode).toBe('VALIDATION_FAILED');
      expect(missing.json().errors[0].field).toBe('Password');
      expect(missing.json().message).toContain('Password');
      const typed = await t.call({ method: 'POST', url: '/api/v2/auth/login', payload: { Account: 5, Password: 'x' } });
      expect(typed.statusCode).toBe(400);
      expect(typed.json().errors[0].field).toBe('Account');
    });

    it('refuses an over-long password and malformed JSON with 400', async () => {
      const long = await login(TEST_ADMIN.account, 'x'.repeat(129));
      expect(long.statusCode).toBe(400);
      expect(long.json().errors[0].field).toBe('Password');
      const malformed = await t.call({
        method: 'POST',
        url: '/api/v2/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"Account": "admin", ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().messageCode).toBe('INVALID_JSON');
    });
  });

  describe('tokens', () => {
    it('answers 401 for every protected call without a valid token, known path or not', async () => {
      for (const [method, url] of [
        ['POST', '/api/v2/auth/check'],
        ['GET', '/api/v2/auth/user-info'],
        ['GET', '/api/v2/no/such/call'],
        ['DELETE', '/api/whatever'],
      ] as const) {
        const res = await t.call({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json().messageCode).toBe('UNAUTHENTICATED');
      }
    });

    it('checks a token: role, publisher flag and price level', async () => {
      const token = await t.login();
      const res = await t.call({ method: 'POST', url: '/api/v2/auth/check', token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        _role: 'admin',
        _isPublisher: false,
        priceLevel: 'platform',
        account: 'admin',
      });
    });

    it('accepts the token from the cookie the console stores', async () => {
      const token = await t.login();
      const res = await t.call({ method: 'POST', url: '/api/v2/auth/check', cookies: { token } });
      expect(res.statusCode).toBe(200);
    });

    it('refuses a token signed with another secret, an expired one and a tampered one', async () => {
      const other = await new SignJWT({ cid: 1, sv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
      const secret = new TextEncoder().encode(await jwtSecret(t.db, undefined));
      const expired = await new SignJWT({ cid: 1, sv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(secret);
      const wrongAudience = await new SignJWT({ cid: 1, sv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer(TOKEN_ISSUER)
        .setAudience('someone-else')
        .setExpirationTime('1h')
        .sign(secret);
      const good = await t.login();
      const tampered = `${good.slice(0, -3)}${good.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
      for (const token of [other, expired, wrongAudience, tampered, 'not-a-jwt']) {
        const res = await t.call({ method: 'POST', url: '/api/v2/auth/check', token });
        expect(res.statusCode).toBe(401);
      }
      const res = await t.call({ method: 'POST', url: '/api/v2/auth/check', token: expired });
      expect(res.json().messageCode).toBe('TOKEN_EXPIRED');
    });

    it('stops a token working once the session version moves (password reset, disable)', async () => {
      const aid = await addUser('resettable', 'editor');
      const token = await t.login('resettable', 'secret-pass-1');
      expect((await t.call({ method: 'POST', url: '/api/v2/auth/check', token })).statusCode).toBe(200);
      await t.db.query('UPDATE app_user SET session_version = session_version + 1 WHERE aid = $1', [aid]);
      expect((await t.call({ method: 'POST', url: '/api/v2/auth/check', token })).statusCode).toBe(401);
    });
  });

  describe('current user', () => {
    it('answers the spec §3 user', async () => {
      const token = await t.login();
      const res = await t.call({ method: 'GET', url: '/api/v2/auth/user-info', token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        account: 'admin',
        name: 'Administrator',
        role: 'admin',
        cid: 1,
        companyIds: [1],
        groupName: '',
        darkMode: 0,
        language: 'zh',
      });
    });

    it('saves dark mode and language, and refuses an unsupported language without changing anything', async () => {
      const token = await t.login();
      const ok = await t.call({
        method: 'PUT',
        url: '/api/v2/auth/update-user-preference',
        token,
        payload: { darkMode: 1, language: 'en' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().status).toBe(0);
      const bad = await t.call({
        method: 'PUT',
        url: '/api/v2/auth/update-user-preference',
        token,
        payload: { language: 'ja' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('language');
      const info = (await t.call({ method: 'GET', url: '/api/v2/auth/user-info', token })).json().data;
      expect(info).toMatchObject({ darkMode: 1, language: 'en' });
      await t.call({
        method: 'PUT',
        url: '/api/v2/auth/update-user-preference',
        token,
        payload: { darkMode: 0, language: 'zh' },
      });
    });
  });

  describe('company switch', () => {
    it('switches to a company the user belongs to and scopes the new token to it', async () => {
      const { rows } = await t.db.query<{ cid: number }>(
        `INSERT INTO company (name, operator_type) VALUES ('Game Studio', 2) RETURNING cid`,
      );
      const cid = rows[0]?.cid as number;
      const aid = await addUser('two-hats', 'admin');
      await t.db.query(`INSERT INTO company_user (cid, aid, role) VALUES ($1, $2, 'viewer')`, [cid, aid]);
      const token = await t.login('two-hats', 'secret-pass-1');
      const info = (await t.call({ method: 'GET', url: '/api/v2/auth/user-info', token })).json().data;
      expect(info.companyIds).toEqual([1, cid]);
      // Each company with the user's role in it (the registration-link generator offers only admin ones).
      expect(info.companies.map((c: { cid: number; role: string }) => [c.cid, c.role])).toEqual([
        [1, 'admin'],
        [cid, 'viewer'],
      ]);

      const res = await t.call({
        method: 'POST',
        url: '/api/v2/auth/update-company-permission',
        token,
        payload: { cid },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().cid).toBe(cid);
      const check = await t.call({ method: 'POST', url: '/api/v2/auth/check', token: res.json().token });
      expect(check.json()).toMatchObject({ _role: 'viewer', _isPublisher: true, priceLevel: 'publisher' });

      // The next login remembers the working company.
      const again = await t.login('two-hats', 'secret-pass-1');
      expect((await t.call({ method: 'POST', url: '/api/v2/auth/check', token: again })).json().priceLevel).toBe(
        'publisher',
      );
    });

    it('refuses a company the user does not belong to, or that does not exist', async () => {
      const token = await t.login();
      for (const cid of [999_999, 2]) {
        const res = await t.call({
          method: 'POST',
          url: '/api/v2/auth/update-company-permission',
          token,
          payload: { cid },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().messageCode).toBe('COMPANY_FORBIDDEN');
      }
      const bad = await t.call({
        method: 'POST',
        url: '/api/v2/auth/update-company-permission',
        token,
        payload: { cid: 'x' },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('lets the super-administrator account see every company', async () => {
      const aid = await addUser('boss', 'viewer');
      expect(aid).toBeGreaterThan(0);
      t.app.config.superAdmin = 'boss';
      try {
        const token = await t.login('boss', 'secret-pass-1');
        const check = (await t.call({ method: 'POST', url: '/api/v2/auth/check', token })).json();
        expect(check).toMatchObject({ _role: 'admin', _isSuperAdmin: true });
        const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM company');
        const info = (await t.call({ method: 'GET', url: '/api/v2/auth/user-info', token })).json().data;
        expect(info.companyIds).toHaveLength(rows[0]?.n as number);
      } finally {
        t.app.config.superAdmin = undefined;
      }
    });
  });
  describe('own password', () => {
    const change = (token: string | undefined, Password: string, NewPassword: string, ip = '10.9.0.1') =>
      t.call({
        method: 'POST',
        url: '/api/v2/auth/change-password',
        payload: { Password, NewPassword },
        token,
        remoteAddress: ip,
      });
    const check = (token: string) => t.call({ method: 'POST', url: '/api/v2/auth/check', token });

    it('changes it with the current password: other sessions end, the answer is a working token', async () => {
      await addUser('changer', 'viewer', 1, 'old-pass-123');
      const mine = await t.login('changer', 'old-pass-123');
      const other = await t.login('changer', 'old-pass-123');
      const res = await change(mine, 'old-pass-123', 'new-pass-456');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 0, message: 'OK' });
      expect(new Date(body.expired).getTime()).toBeGreaterThan(Date.now());
      // The new token works; every earlier one (this tab's old one included) is over.
      expect((await check(body.token)).statusCode).toBe(200);
      expect((await check(mine)).statusCode).toBe(401);
      expect((await check(other)).statusCode).toBe(401);
      expect((await login('changer', 'old-pass-123', '10.9.0.9')).statusCode).toBe(401);
      expect((await login('changer', 'new-pass-456', '10.9.0.9')).statusCode).toBe(200);
      // Audited, without the passwords.
      const { rows } = await t.db.query<{ account: string; status_code: number; target: unknown }>(
        `SELECT account, status_code, target FROM audit_log WHERE route = '/api/v2/auth/change-password' ORDER BY id DESC LIMIT 1`,
      );
      expect(rows[0]).toMatchObject({ account: 'changer', status_code: 200 });
      expect(JSON.stringify(rows[0]?.target)).not.toContain('new-pass-456');
    });

    it('refuses a wrong current password naming the field, changes nothing, and counts it as a failed login', async () => {
      await addUser('guarded', 'editor', 1, 'right-pass-1');
      const token = await t.login('guarded', 'right-pass-1');
      const wrong = await change(token, 'wrong-pass-1', 'other-pass-2', '10.9.1.1');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ status: 400, errors: [{ field: 'Password' }] });
      expect((await check(token)).statusCode).toBe(200);
      expect((await login('guarded', 'right-pass-1', '10.9.1.9')).statusCode).toBe(200);
      // A stolen token cannot be used to guess the password: the login limits apply.
      for (let i = 0; i < 5; i++) await change(token, `guess-${i}`, 'other-pass-2', '10.9.1.2');
      const limited = await change(token, 'right-pass-1', 'other-pass-2', '10.9.1.2');
      expect(limited.statusCode).toBe(429);
      expect((await check(token)).statusCode).toBe(200);
    });

    it('refuses a new password against the policy, naming NewPassword', async () => {
      await addUser('policy', 'viewer', 1, 'policy-pass-1');
      const token = await t.login('policy', 'policy-pass-1');
      for (const bad of ['short1', 'lettersonly', 'policy-pass-1', 'mypolicy-99']) {
        const res = await change(token, 'policy-pass-1', bad, '10.9.2.1');
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().errors?.[0]?.field, bad).toBe('NewPassword');
      }
      expect((await check(token)).statusCode).toBe(200);
    });

    it('needs a session', async () => {
      const res = await change(undefined, 'x', 'new-pass-456');
      expect(res.statusCode).toBe(401);
    });
  });
});
