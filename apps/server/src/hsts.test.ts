import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS } from './app';
import { createTestApp, type TestApp } from './testing/test-app';

// Issue 21, item 11: Strict-Transport-Security on every answer of a request that came over HTTPS, as
// told by a trusted proxy; never over plain HTTP, and never on a client's own word.
describe.each([
  ['behind a trusted proxy', { PITBOSS_TRUST_PROXY: 'true' }, true],
  ['without a trusted proxy', {}, false],
] as const)('HSTS %s', (_, env, trusted) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', env);
  });
  afterAll(async () => {
    await t.close();
  });

  const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' };
  it.each([
    ['the console', 'GET', '/version.json'],
    ['an API answer', 'POST', '/api/v2/auth/check'],
    ['an unknown API path', 'GET', '/api/v2/nowhere'],
    ['the health check', 'GET', '/healthz'],
  ])('%s over HTTPS %s', async (_what, method, url) => {
    const res = await t.call({ method: method as 'GET', url, headers: https });
    expect(res.headers['strict-transport-security']).toBe(trusted ? HSTS : undefined);
  });

  it('sends none over plain HTTP', async () => {
    const res = await t.call({ method: 'GET', url: '/version.json', headers: { 'x-forwarded-proto': 'http' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const direct = await t.call({ method: 'GET', url: '/version.json' });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });
});
