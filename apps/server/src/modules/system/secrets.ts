import { randomBytes } from 'node:crypto';
import type { Sql } from '../../db/database';
import { insertServerSettingIfAbsent, readServerSetting } from './server-settings.repository';

/**
 * The JWT signing secret: PITBOSS_JWT_SECRET, else one generated on first start and kept in the
 * database, so that every server process sharing the database signs and checks the same tokens.
 */
export async function jwtSecret(sql: Sql, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await insertServerSettingIfAbsent(sql, 'jwt_secret', randomBytes(48).toString('base64url'));
  const secret = await readServerSetting(sql, 'jwt_secret');
  if (!secret) throw new Error('Could not read the JWT secret from server_setting');
  return secret;
}
