import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { hashPassword } from '../auth/password';

const BOOTSTRAP_LOCK = 72_001_002;

export interface BootstrapResult {
  createdCompany: boolean;
  createdAdmin: boolean;
  /** Set only when a password was generated: shown once in the log. */
  generatedPassword?: string;
}

/**
 * First start on an empty database: company 1 "Demo Platform" (operator type 1, platform) and an
 * admin in it. Later starts change nothing, even with other settings.
 */
export async function bootstrap(db: Database, config: Config, log: FastifyBaseLogger): Promise<BootstrapResult> {
  const result = await db.tx(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock($1)', [BOOTSTRAP_LOCK]);
    const { rows: companies } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM company');
    if ((companies[0]?.n ?? 0) > 0) return { createdCompany: false, createdAdmin: false } satisfies BootstrapResult;
    const { rows } = await sql.query<{ cid: number }>(
      `INSERT INTO company (cid, name, operator_type) VALUES (1, 'Demo Platform', 1) RETURNING cid`,
    );
    // Keep the identity ahead of the explicit id 1.
    await sql.query(`SELECT setval(pg_get_serial_sequence('company', 'cid'), (SELECT max(cid) FROM company))`);
    const cid = rows[0]?.cid ?? 1;
    const generated = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
    const password = config.adminPassword ?? (generated as string);
    const { rows: users } = await sql.query<{ aid: number }>(
      `INSERT INTO app_user (account, name, password_hash, status, last_cid)
       VALUES ($1, $2, $3, 1, $4)
       ON CONFLICT DO NOTHING RETURNING aid`,
      [config.adminAccount, 'Administrator', await hashPassword(password), cid],
    );
    const aid =
      users[0]?.aid ??
      (
        await sql.query<{ aid: number }>('SELECT aid FROM app_user WHERE lower(account) = lower($1)', [
          config.adminAccount,
        ])
      ).rows[0]?.aid;
    await sql.query(`INSERT INTO company_user (cid, aid, role) VALUES ($1, $2, 'admin') ON CONFLICT DO NOTHING`, [
      cid,
      aid,
    ]);
    return {
      createdCompany: true,
      createdAdmin: users.length > 0,
      generatedPassword: generated,
    } satisfies BootstrapResult;
  });
  if (result.createdCompany) log.info('Created company 1 "Demo Platform" (platform)');
  if (result.createdAdmin) {
    if (result.generatedPassword) {
      // Printed once, on the first start only; set PITBOSS_ADMIN_PASSWORD to choose it instead.
      log.warn(
        `Created administrator account "${config.adminAccount}" with the generated password: ${result.generatedPassword}  (shown once; change it after logging in)`,
      );
    } else {
      log.info(`Created administrator account "${config.adminAccount}" with the password from PITBOSS_ADMIN_PASSWORD`);
    }
  }
  return result;
}
