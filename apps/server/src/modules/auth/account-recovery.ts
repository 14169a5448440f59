import { randomBytes } from 'node:crypto';
import type { Sql } from '../../db/database';
import { setPasswordAndEndSessions } from './account-recovery.repository';
import { findUserByAccount } from './auth.repository';
import { clearFailures } from './login-failures.repository';
import { hashPassword } from './password';

/**
 * Recovering an installation from the command line (`npm run admin -- reset-password ACCOUNT`,
 * `npm run admin -- unlock ACCOUNT`, `scripts/admin/`): for when the only administrator forgot their
 * password or is locked out. Both clear the account's failed logins.
 */

/** A new random password for the account (or `password` when given): every session of the user ends. */
export async function resetPassword(
  sql: Sql,
  account: string,
  password: string = randomBytes(12).toString('base64url'),
): Promise<{ account: string; password: string } | undefined> {
  const user = await findUserByAccount(sql, account);
  if (!user) return undefined;
  await setPasswordAndEndSessions(sql, user.aid, await hashPassword(password));
  await clearFailures(sql, user.account.toLowerCase());
  return { account: user.account, password };
}

/** Forgets the account's failed logins (from every address): it may log in again at once. */
export async function unlockAccount(sql: Sql, account: string): Promise<number> {
  return clearFailures(sql, account.toLowerCase());
}
