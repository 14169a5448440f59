import type { TestApp } from './test-app';
import { TEST_PASSWORD } from './users';

/** Sends everything the outbox holds now (tests do not start the worker). */
export async function drainOutbox(t: TestApp): Promise<void> {
  while ((await t.app.outbox.runOnce()) > 0) {}
}

let loginCount = 0;

/**
 * Logs in from a fresh address each time (the login limit counts failed attempts per IP) and answers the token.
 * `ip` pins the address (IP allowlist tests).
 */
export async function loginAs(t: TestApp, account: string, password = TEST_PASSWORD, ip?: string): Promise<string> {
  loginCount += 1;
  const remoteAddress = ip ?? `10.250.${Math.floor(loginCount / 250) % 250}.${(loginCount % 250) + 1}`;
  const res = await t.call({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { Account: account, Password: password },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`login ${account} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}
