import type { Sql } from '../../db/database';

export interface ResetTargetRow {
  aid: number;
  account: string;
  name: string;
  mail: string | null;
  status: number;
  language: string;
  /** The company whose delivery log shows the reset mail: the last one worked in, else the first. */
  cid: number | null;
}

/** The account with this mail or this account name (ignoring case). */
export async function findResetTarget(
  sql: Sql,
  by: { mail?: string | undefined; account?: string | undefined },
): Promise<ResetTargetRow | undefined> {
  const { rows } = await sql.query<ResetTargetRow>(
    `SELECT u.aid, u.account, u.name, u.mail, u.status, u.language,
            COALESCE((SELECT cu.cid FROM company_user cu WHERE cu.aid = u.aid AND cu.cid = u.last_cid),
                     (SELECT min(cu.cid) FROM company_user cu WHERE cu.aid = u.aid)) AS cid
       FROM app_user u
      WHERE ($1::text IS NOT NULL AND lower(u.mail) = lower($1))
         OR ($2::text IS NOT NULL AND lower(u.account) = lower($2))
      LIMIT 1`,
    [by.mail ?? null, by.account ?? null],
  );
  return rows[0];
}

/** A user of the company, for a reset an admin starts. */
export async function findCompanyResetTarget(
  sql: Sql,
  cid: number,
  aid: number,
): Promise<(ResetTargetRow & { member_status: number; has_password: boolean }) | undefined> {
  const { rows } = await sql.query<ResetTargetRow & { member_status: number; has_password: boolean }>(
    `SELECT u.aid, u.account, u.name, u.mail, u.status, u.language, cu.cid, cu.status AS member_status,
            u.password_hash IS NOT NULL AS has_password
       FROM app_user u JOIN company_user cu ON cu.aid = u.aid AND cu.cid = $1
      WHERE u.aid = $2`,
    [cid, aid],
  );
  return rows[0];
}

/** Stores a new reset token for the user; earlier unused ones stop working. */
export async function insertResetToken(
  sql: Sql,
  t: { aid: number; tokenHash: string; expiresAt: Date; ip: string },
): Promise<void> {
  await voidResetTokens(sql, t.aid);
  await sql.query(
    'INSERT INTO password_reset_token (aid, token_hash, expires_at, requested_ip) VALUES ($1, $2, $3, $4)',
    [t.aid, t.tokenHash, t.expiresAt.toISOString(), t.ip],
  );
}

export async function voidResetTokens(sql: Sql, aid: number): Promise<void> {
  await sql.query('UPDATE password_reset_token SET used_at = now() WHERE aid = $1 AND used_at IS NULL', [aid]);
}

export interface ResetTokenRow {
  id: number;
  aid: number;
  account: string;
  name: string;
  mail: string | null;
  /** Unused and not expired. */
  usable: boolean;
}

export async function findResetToken(sql: Sql, tokenHash: string, lock = false): Promise<ResetTokenRow | undefined> {
  const { rows } = await sql.query<ResetTokenRow>(
    `SELECT t.id, t.aid, u.account, u.name, u.mail, (t.used_at IS NULL AND t.expires_at > now()) AS usable
       FROM password_reset_token t JOIN app_user u ON u.aid = t.aid
      WHERE t.token_hash = $1 ${lock ? 'FOR UPDATE OF t' : ''}`,
    [tokenHash],
  );
  return rows[0];
}

/**
 * Sets the new password and ends every session of the user (session version); an invited user who
 * proves their mailbox this way becomes active.
 */
export async function replacePassword(sql: Sql, aid: number, passwordHash: string): Promise<void> {
  await sql.query(
    `UPDATE app_user
        SET password_hash = $2, session_version = session_version + 1,
            status = CASE WHEN status = 2 THEN 1 ELSE status END, updated_at = now()
      WHERE aid = $1`,
    [aid, passwordHash],
  );
}
