import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { addUser, TEST_PASSWORD } from '../../testing/users';
import { bet, createIngestKey, nextId } from '../ingest/ingest.testing';

/**
 * Issue 21, item 4: a change authenticated by the session cookie alone is refused unless its page is the
 * console's own (`Origin`, else `Referer`); bearer-token and ingest-key calls are not affected.
 */
describeEachDatabase('cross-site request forgery', (t) => {
  const HOST = 'pitboss.test';
  const darkMode = async (aid: number) =>
    (await t.db.query<{ dark_mode: number }>('SELECT dark_mode FROM app_user WHERE aid = $1', [aid])).rows[0]
      ?.dark_mode;
  const setDark = (headers: Record<string, string>, value: 0 | 1) =>
    t.call({
      method: 'PUT',
      url: '/api/v2/auth/update-user-preference',
      headers: { host: HOST, ...headers },
      payload: { darkMode: value },
    });

  it('refuses a cookie-only change from another origin or referer, and changes nothing', async () => {
    const aid = await addUser(t.db, 'csrf-victim', 'editor');
    const token = await t.login('csrf-victim', TEST_PASSWORD);
    const cookie = `token=${token}`;
    expect(await darkMode(aid)).toBe(0);

    const attempts: Record<string, string>[] = [
      { cookie, origin: 'https://evil.example' },
      { cookie, origin: 'null' },
      { cookie, origin: `http://${HOST}.evil.example` },
      { cookie, referer: 'https://evil.example/page?x=1' },
      { cookie, origin: 'https://evil.example', referer: `http://${HOST}/dashboard` },
    ];
    for (const headers of attempts) {
      const refused = await setDark(headers, 1);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json()).toMatchObject({ status: 403, messageCode: 'CROSS_ORIGIN' });
    }
    expect(await darkMode(aid)).toBe(0);
    // The refusal is audited like any refused change.
    const { rows } = await t.db.query<{ status_code: number; account: string | null }>(
      `SELECT status_code, account FROM audit_log WHERE route = '/api/v2/auth/update-user-preference' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]?.status_code).toBe(403);

    // The console's own pages may; a program that sends no Origin or Referer is no other site's page.
    expect((await setDark({ cookie, origin: `http://${HOST}` }, 1)).statusCode).toBe(200);
    expect(await darkMode(aid)).toBe(1);
    expect((await setDark({ cookie, referer: `https://${HOST}/settings/users` }, 0)).statusCode).toBe(200);
    expect((await setDark({ cookie }, 1)).statusCode).toBe(200);
    expect(await darkMode(aid)).toBe(1);
    // Reads with the cookie are not changes.
    const read = await t.call({
      method: 'GET',
      url: '/api/v2/auth/user-info',
      headers: { host: HOST, cookie, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('does not touch bearer-token and ingest-key calls, whatever their origin', async () => {
    const aid = await addUser(t.db, 'csrf-bearer', 'editor');
    const token = await t.login('csrf-bearer', TEST_PASSWORD);
    const res = await setDark({ authorization: `Bearer ${token}`, origin: 'https://evil.example' }, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(await darkMode(aid)).toBe(1);

    const key = await createIngestKey(t);
    const ingested = await t.call({
      method: 'POST',
      url: '/api/v2/ingest/events',
      headers: {
        host: HOST,
        'content-type': 'application/json',
        authorization: `Bearer ${key}`,
        origin: 'https://platform.example',
        cookie: `token=${token}`,
      },
      payload: JSON.stringify([bet({ id: nextId('csrf') })]),
    });
    expect(ingested.statusCode, ingested.body).toBe(200);
  });
});
