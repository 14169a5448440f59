import type { Role } from '@pitboss/contract';
import type { Database } from '../db/database';
import { hashPassword } from '../modules/auth/password';
import type { TestApp } from './test-app';

/** A company of the given operator type (1 platform, 2 publisher, 3 aggregator). */
export async function seedCompany(db: Database, name: string, operatorType: 1 | 2 | 3): Promise<number> {
  const { rows } = await db.query<{ cid: number }>(
    'INSERT INTO company (name, operator_type) VALUES ($1, $2) RETURNING cid',
    [name, operatorType],
  );
  return rows[0]?.cid as number;
}

export const SEED_PASSWORD = 'seed-password-1';

/** A user with a password and a role in `cid`; an existing account only gains the membership. */
export async function seedUser(
  db: Database,
  account: string,
  role: Role,
  cid = 1,
  options: { mail?: string; password?: string } = {},
): Promise<number> {
  const { rows } = await db.query<{ aid: number }>(
    `INSERT INTO app_user (account, name, mail, password_hash) VALUES ($1, $1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING aid`,
    [account, options.mail ?? `${account}@example.com`, await hashPassword(options.password ?? SEED_PASSWORD)],
  );
  const aid =
    rows[0]?.aid ??
    (await db.query<{ aid: number }>('SELECT aid FROM app_user WHERE lower(account) = lower($1)', [account])).rows[0]
      ?.aid;
  await db.query('INSERT INTO company_user (cid, aid, role) VALUES ($1, $2, $3)', [cid, aid, role]);
  return aid as number;
}

/** Sends everything the outbox holds now (tests do not start the worker). */
export async function drainOutbox(t: TestApp): Promise<void> {
  while ((await t.app.ctx.outbox.runOnce()) > 0) {}
}

let loginCount = 0;

/**
 * Logs in from a fresh address each time (the login limit counts attempts per IP) and answers the token.
 * `ip` pins the address (IP allowlist tests).
 */
export async function loginAs(t: TestApp, account: string, password = SEED_PASSWORD, ip?: string): Promise<string> {
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
