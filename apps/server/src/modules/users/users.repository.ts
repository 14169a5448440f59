import { type Role, tagOfRole, type User, type UserStatus } from '@pitboss/contract';
import type { Sql } from '../../db/database';

interface UserListRow extends Omit<User, 'Tags' | 'Status'> {
  role: Role;
  status: number;
}

/** Users of a company; Status is the membership's when disabled there, else the account's. */
export async function listUsers(
  sql: Sql,
  cid: number,
  filter: {
    aid?: number | undefined;
    search?: string | undefined;
    groupId?: number | undefined;
    role?: Role | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: User[]; total: number }> {
  const where = `cu.cid = $1 AND ($2::int IS NULL OR cu.aid = $2)
    AND ($3::text IS NULL OR strpos(lower(u.account), lower($3)) > 0 OR strpos(lower(u.name), lower($3)) > 0)
    AND ($4::int IS NULL OR cu.group_id = $4) AND ($5::text IS NULL OR cu.role = $5)`;
  const params = [cid, filter.aid ?? null, filter.search || null, filter.groupId ?? null, filter.role ?? null];
  const [{ rows }, count] = await Promise.all([
    sql.query<UserListRow>(
      `SELECT u.aid AS "AID", u.name AS "Name", u.account AS "Account", cu.role,
              CASE WHEN cu.status = 0 THEN 0 ELSE u.status END AS status,
              COALESCE(u.mail, '') AS "Mail", cu.group_id AS "GroupID", COALESCE(g.name, '') AS "GroupName",
              cu.created_at AS "CreateDate"
         FROM company_user cu
         JOIN app_user u ON u.aid = cu.aid
         LEFT JOIN user_group g ON g.cid = cu.cid AND g.group_id = cu.group_id
        WHERE ${where}
        ORDER BY lower(u.account)
        LIMIT $6 OFFSET $7`,
      [...params, filter.limit, filter.offset],
    ),
    sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM company_user cu JOIN app_user u ON u.aid = cu.aid WHERE ${where}`,
      params,
    ),
  ]);
  return {
    rows: rows.map(({ role, status, ...row }) => ({ ...row, Tags: tagOfRole(role), Status: status as UserStatus })),
    total: count.rows[0]?.n ?? 0,
  };
}

export interface MemberRow {
  aid: number;
  account: string;
  name: string;
  mail: string | null;
  language: string;
  /** The account's status: 1 active, 0 disabled, 2 invited. */
  user_status: number;
  /** The membership's status: 1 active, 0 disabled in this company. */
  member_status: number;
  role: Role;
  group_id: number | null;
  has_password: boolean;
  /** How many other companies the user belongs to. */
  other_companies: number;
}

export async function findMember(sql: Sql, cid: number, aid: number): Promise<MemberRow | undefined> {
  const { rows } = await sql.query<MemberRow>(
    `SELECT u.aid, u.account, u.name, u.mail, u.language, u.status AS user_status, cu.status AS member_status, cu.role,
            cu.group_id, u.password_hash IS NOT NULL AS has_password,
            (SELECT count(*)::int FROM company_user o WHERE o.aid = u.aid AND o.cid <> cu.cid) AS other_companies
       FROM company_user cu JOIN app_user u ON u.aid = cu.aid
      WHERE cu.cid = $1 AND cu.aid = $2`,
    [cid, aid],
  );
  return rows[0];
}

/** The member of `cid` with this mail, if any (ignoring case). */
export async function findMemberByMail(sql: Sql, cid: number, mail: string): Promise<number | undefined> {
  const { rows } = await sql.query<{ aid: number }>(
    `SELECT u.aid FROM app_user u JOIN company_user cu ON cu.aid = u.aid AND cu.cid = $1
      WHERE lower(u.mail) = lower($2)`,
    [cid, mail],
  );
  return rows[0]?.aid;
}

export async function accountExists(sql: Sql, account: string): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM app_user WHERE lower(account) = lower($1)', [account]);
  return rows.length > 0;
}

/** Whether another account than `exceptAid` uses this mail. */
export async function mailInUse(sql: Sql, mail: string, exceptAid?: number): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM app_user WHERE lower(mail) = lower($1) AND aid <> $2', [
    mail,
    exceptAid ?? 0,
  ]);
  return rows.length > 0;
}

export interface NewUser {
  account: string;
  name: string;
  mail: string;
  passwordHash: string | null;
  status: number;
  lastCid: number;
  language: string;
}

export async function insertUser(sql: Sql, u: NewUser): Promise<number> {
  const { rows } = await sql.query<{ aid: number }>(
    `INSERT INTO app_user (account, name, mail, password_hash, status, last_cid, language)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING aid`,
    [u.account, u.name, u.mail, u.passwordHash, u.status, u.lastCid, u.language],
  );
  return rows[0]?.aid as number;
}

export async function insertMembership(
  sql: Sql,
  m: { cid: number; aid: number; role: Role; groupId: number | null },
): Promise<void> {
  await sql.query('INSERT INTO company_user (cid, aid, role, group_id) VALUES ($1, $2, $3, $4)', [
    m.cid,
    m.aid,
    m.role,
    m.groupId,
  ]);
}

export async function updateMembership(
  sql: Sql,
  cid: number,
  aid: number,
  change: { role?: Role | undefined; status?: number | undefined; groupId?: number | null | undefined },
): Promise<void> {
  // A changed role or status ends the user's sessions at once (issue 21): the next call is 401, and
  // enabling the user again does not revive an old token.
  await sql.query(
    `WITH old AS (SELECT role, status FROM company_user WHERE cid = $1 AND aid = $2),
          new AS (
            UPDATE company_user
               SET role = COALESCE($3, role), status = COALESCE($4, status),
                   group_id = CASE WHEN $5::boolean THEN $6::int ELSE group_id END
             WHERE cid = $1 AND aid = $2
            RETURNING role, status)
     UPDATE app_user SET session_version = session_version + 1
      WHERE aid = $2
        AND EXISTS (SELECT 1 FROM old, new WHERE old.role <> new.role OR old.status <> new.status)`,
    [cid, aid, change.role ?? null, change.status ?? null, change.groupId !== undefined, change.groupId ?? null],
  );
}

export async function updateIdentity(
  sql: Sql,
  aid: number,
  change: { name?: string | undefined; mail?: string | undefined },
): Promise<void> {
  await sql.query(
    'UPDATE app_user SET name = COALESCE($2, name), mail = COALESCE($3, mail), updated_at = now() WHERE aid = $1',
    [aid, change.name ?? null, change.mail ?? null],
  );
}

/**
 * Sets a new password and ends the user's sessions; a non-null status also changes the account status
 * (an invited user becomes active).
 */
export async function setPassword(sql: Sql, aid: number, passwordHash: string, status: number | null): Promise<void> {
  await sql.query(
    `UPDATE app_user
        SET password_hash = $2, status = COALESCE($3, status), session_version = session_version + 1,
            updated_at = now()
      WHERE aid = $1`,
    [aid, passwordHash, status],
  );
}

/** Removes the membership; when it was the user's last, the account goes too. */
export async function removeMember(sql: Sql, cid: number, aid: number): Promise<{ accountDeleted: boolean }> {
  await sql.query('DELETE FROM company_user WHERE cid = $1 AND aid = $2', [cid, aid]);
  // Tokens of the removed membership (and the user's others) end at once.
  await sql.query('UPDATE app_user SET session_version = session_version + 1 WHERE aid = $1', [aid]);
  const { rowCount } = await sql.query(
    'DELETE FROM app_user WHERE aid = $1 AND NOT EXISTS (SELECT 1 FROM company_user WHERE aid = $1)',
    [aid],
  );
  return { accountDeleted: (rowCount ?? 0) > 0 };
}

/** Active administrators of the company other than `aid`: active membership and active account. */
export async function countOtherActiveAdmins(sql: Sql, cid: number, aid: number): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM company_user cu JOIN app_user u ON u.aid = cu.aid
      WHERE cu.cid = $1 AND cu.aid <> $2 AND cu.role = 'admin' AND cu.status = 1 AND u.status = 1`,
    [cid, aid],
  );
  return rows[0]?.n ?? 0;
}

export async function languageOf(sql: Sql, aid: number): Promise<string | undefined> {
  const { rows } = await sql.query<{ language: string }>('SELECT language FROM app_user WHERE aid = $1', [aid]);
  return rows[0]?.language;
}

/**
 * The first start's administrator: the account (kept as it is when it exists already) with the admin
 * role in `cid`. Answers whether the account was created.
 */
export async function insertAdministrator(
  sql: Sql,
  admin: { account: string; name: string; passwordHash: string; cid: number },
): Promise<boolean> {
  const { rows } = await sql.query<{ aid: number }>(
    `INSERT INTO app_user (account, name, password_hash, status, last_cid)
     VALUES ($1, $2, $3, 1, $4)
     ON CONFLICT DO NOTHING RETURNING aid`,
    [admin.account, admin.name, admin.passwordHash, admin.cid],
  );
  const aid =
    rows[0]?.aid ??
    (await sql.query<{ aid: number }>('SELECT aid FROM app_user WHERE lower(account) = lower($1)', [admin.account]))
      .rows[0]?.aid;
  await sql.query(`INSERT INTO company_user (cid, aid, role) VALUES ($1, $2, 'admin') ON CONFLICT DO NOTHING`, [
    admin.cid,
    aid,
  ]);
  return rows.length > 0;
}
