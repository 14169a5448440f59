import { expect, it } from 'vitest';
import { isSameOrigin } from '../../plugins/live';
import { describeEachDatabase } from '../../testing/test-app';
import { addUser, TEST_PASSWORD } from '../../testing/users';

/** Issue 21, item 4: a change of status, role or password ends the user's sessions at once. */
describeEachDatabase('sessions end when the user changes', (t) => {
  const check = (token: string) => t.call({ method: 'POST', url: '/api/v2/auth/check', token });
  const update = async (aid: number, payload: Record<string, unknown>) => {
    const res = await t.call({
      method: 'PUT',
      url: `/api/v2/system/user/${aid}`,
      token: await t.login(),
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('disabling a user: their token is 401 at once, not revived by enabling them; they are told they are disabled', async () => {
    const aid = await addUser(t.db, 'to-disable', 'editor');
    const token = await t.login('to-disable', TEST_PASSWORD);
    expect((await check(token)).statusCode).toBe(200);
    await update(aid, { Status: 0 });
    expect((await check(token)).statusCode).toBe(401);
    const refused = await t.call({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { Account: 'to-disable', Password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ messageCode: 'ACCOUNT_DISABLED' });
    await update(aid, { Status: 1 });
    expect((await check(token)).statusCode).toBe(401);
    expect((await check(await t.login('to-disable', TEST_PASSWORD))).statusCode).toBe(200);
  });

  it('a changed role or a removed membership ends the sessions; a name change does not', async () => {
    const aid = await addUser(t.db, 'to-demote', 'editor');
    let token = await t.login('to-demote', TEST_PASSWORD);
    await update(aid, { Name: 'Still editor' });
    expect((await check(token)).statusCode).toBe(200);
    await update(aid, { Tags: 'Viewer' });
    expect((await check(token)).statusCode).toBe(401);
    token = await t.login('to-demote', TEST_PASSWORD);
    const removed = await t.call({ method: 'DELETE', url: `/api/v2/system/user/${aid}`, token: await t.login() });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await check(token)).statusCode).toBe(401);
  });

  it('refuses websocket upgrades from another origin', async () => {
    await expect(
      t.app.injectWS('/api/ws', { headers: { origin: 'https://evil.example', host: 'pitboss.test' } }),
    ).rejects.toThrow();
    const ws = await t.app.injectWS('/api/ws', { headers: { origin: 'http://pitboss.test', host: 'pitboss.test' } });
    ws.terminate();
    expect(isSameOrigin(undefined, 'a.test')).toBe(true);
    expect(isSameOrigin('https://a.test', 'a.test')).toBe(true);
    expect(isSameOrigin('https://b.test', 'a.test')).toBe(false);
    expect(isSameOrigin('null', 'a.test')).toBe(false);
    expect(isSameOrigin('https://console.example', 'internal:8080', 'https://console.example')).toBe(true);
  });
});
