import type { Role } from '@pitboss/contract';
import type { Sql } from '../../db/database';

export type TokenKind = 'user' | 'mail' | 'link';

export interface NewRegistrationToken {
  cid: number;
  tokenHash: string;
  kind: TokenKind;
  aid?: number | undefined;
  mail?: string | undefined;
  role: Role;
  groupId?: number | null | undefined;
  expiresAt: Date;
  createdBy: number | null;
}

export async function insertToken(sql: Sql, t: NewRegistrationToken): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `INSERT INTO registration_token (cid, token_hash, kind, aid, mail, role, group_id, expires_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      t.cid,
      t.tokenHash,
      t.kind,
      t.aid ?? null,
      t.mail ?? null,
      t.role,
      t.groupId ?? null,
      t.expiresAt.toISOString(),
      t.createdBy,
    ],
  );
  return rows[0]?.id as number;
}

export interface TokenRow {
  cid: number;
  id: number;
  kind: TokenKind;
  aid: number | null;
  mail: string | null;
  role: Role;
  group_id: number | null;
  expires_at: string;
  /** Unused, not revoked and not expired. */
  usable: boolean;
  company_name: string;
  time_zone: string;
  /** For kind `user`: the invited user. */
  account: string | null;
  name: string | null;
  user_mail: string | null;
}

/** The token's row with its company and, for an invited user, the user; `lock` holds it until commit. */
export async function findToken(sql: Sql, cid: number, tokenHash: string, lock = false): Promise<TokenRow | undefined> {
  const { rows } = await sql.query<TokenRow>(
    `SELECT t.cid, t.id, t.kind, t.aid, t.mail, t.role, t.group_id, t.expires_at,
            (t.used_at IS NULL AND t.revoked_at IS NULL AND t.expires_at > now()) AS usable,
            c.name AS company_name, c.time_zone, u.account, u.name, u.mail AS user_mail
       FROM registration_token t
       JOIN company c ON c.cid = t.cid
       LEFT JOIN app_user u ON u.aid = t.aid
      WHERE t.cid = $1 AND t.token_hash = $2
      ${lock ? 'FOR UPDATE OF t' : ''}`,
    [cid, tokenHash],
  );
  return rows[0];
}

export async function markUsed(sql: Sql, cid: number, id: number, usedBy: number): Promise<void> {
  await sql.query('UPDATE registration_token SET used_at = now(), used_by = $3 WHERE cid = $1 AND id = $2', [
    cid,
    id,
    usedBy,
  ]);
}

/** Revokes the pending invitations of one user in a company (a new one replaces them, or the user left). */
export async function revokeUserTokens(sql: Sql, cid: number, aid: number): Promise<void> {
  await sql.query(
    `UPDATE registration_token SET revoked_at = now()
      WHERE cid = $1 AND aid = $2 AND used_at IS NULL AND revoked_at IS NULL`,
    [cid, aid],
  );
}

export async function revokeToken(sql: Sql, cid: number, id: number): Promise<boolean> {
  const { rowCount } = await sql.query(
    `UPDATE registration_token SET revoked_at = now()
      WHERE cid = $1 AND id = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
    [cid, id],
  );
  return (rowCount ?? 0) > 0;
}

export interface PendingTokenRow {
  id: number;
  kind: TokenKind;
  account: string | null;
  mail: string | null;
  role: Role;
  expires_at: string;
  created_by: string | null;
  created_at: string;
}

export async function listPending(
  sql: Sql,
  cid: number,
  limit: number,
  offset: number,
  kind?: TokenKind,
): Promise<{ rows: PendingTokenRow[]; total: number }> {
  const where = `t.cid = $1 AND t.used_at IS NULL AND t.revoked_at IS NULL AND t.expires_at > now()
    AND ($2::text IS NULL OR t.kind = $2)`;
  const [{ rows }, count] = await Promise.all([
    sql.query<PendingTokenRow>(
      `SELECT t.id, t.kind, u.account, COALESCE(t.mail, u.mail) AS mail, t.role, t.expires_at,
              c.account AS created_by, t.created_at
         FROM registration_token t
         LEFT JOIN app_user u ON u.aid = t.aid
         LEFT JOIN app_user c ON c.aid = t.created_by
        WHERE ${where}
        ORDER BY t.id DESC LIMIT $3 OFFSET $4`,
      [cid, kind ?? null, limit, offset],
    ),
    sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM registration_token t WHERE ${where}`, [cid, kind ?? null]),
  ]);
  return { rows, total: count.rows[0]?.n ?? 0 };
}
