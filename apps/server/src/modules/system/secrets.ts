import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';

/**
 * The JWT signing secret: PITBOSS_JWT_SECRET, else one generated on first start and kept in the
 * database, so that every server process sharing the database signs and checks the same tokens.
 */
export async function jwtSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const candidate = randomBytes(48).toString('base64url');
  await db.query(`INSERT INTO server_setting (key, value) VALUES ('jwt_secret', $1) ON CONFLICT (key) DO NOTHING`, [
    candidate,
  ]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM server_setting WHERE key = 'jwt_secret'`);
  const secret = rows[0]?.value;
  if (!secret) throw new Error('Could not read the JWT secret from server_setting');
  return secret;
}
