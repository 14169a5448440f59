import type { Role } from '@pitboss/contract';
import type { Database } from '../db/database';
import { hashPassword } from '../modules/auth/password';
import type { TestApp } from './test-app';

export const TEST_PASSWORD = 'secret-pass-1';

/**
 * A company of the given operator type (1 platform, 2 publisher, 3 aggregator), created through the
 * companies service like any other (so with every domain's defaults); answers its cid.
 */
export function addCompany(t: TestApp, name: string, operatorType: 1 | 2 | 3 = 1): Promise<number> {
  return t.app.companies.create({ name, operatorType });
}

/** A user with `role` in company `cid` (password `TEST_PASSWORD` unless given); answers their aid. */
export async function addUser(
  db: Database,
  account: string,
  role: Role,
  cid = 1,
  options: { mail?: string; password?: string } = {},
): Promise<number> {
  const { rows } = await db.query<{ aid: number }>(
    'INSERT INTO app_user (account, name, mail, password_hash, last_cid) VALUES ($1, $1, $2, $3, $4) RETURNING aid',
    [account, options.mail ?? null, await hashPassword(options.password ?? TEST_PASSWORD), cid],
  );
  const aid = rows[0]?.aid as number;
  await db.query('INSERT INTO company_user (cid, aid, role) VALUES ($1, $2, $3)', [cid, aid, role]);
  return aid;
}

/** Adds a user and logs them in; answers the bearer token. */
export async function tokenFor(t: TestApp, account: string, role: Role, cid = 1): Promise<string> {
  await addUser(t.db, account, role, cid);
  return t.login(account, TEST_PASSWORD);
}
