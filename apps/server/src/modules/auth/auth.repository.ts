import type { Sql } from '../../db/database';

export interface UserRow {
  aid: number;
  account: string;
  name: string;
  password_hash: string | null;
  status: number;
  session_version: number;
  last_cid: number | null;
}

export interface MembershipRow {
  cid: number;
  name: string;
  operator_type: 1 | 2 | 3;
  time_zone: string;
  role: string | null;
  /** The membership's status (0 disabled in that company); null for a super-administrator's non-membership. */
  member_status: number | null;
  /** The company's console IP allowlist; null when it has none. */
  ip_allowlist: string[] | null;
}

export interface SessionRow {
  aid: number;
  account: string;
  name: string;
  status: number;
  session_version: number;
  role: string | null;
  operator_type: 1 | 2 | 3 | null;
  ip_allowlist: string[] | null;
  /** False for a deactivated company (company administration). */
  company_active: boolean | null;
}

export interface PreferenceRow {
  name: string;
  account: string;
  dark_mode: 0 | 1;
  language: string;
  group_name: string | null;
}

export const USER_STATUS = { disabled: 0, active: 1, invited: 2 } as const;

export async function findUserByAccount(sql: Sql, account: string): Promise<UserRow | undefined> {
  const { rows } = await sql.query<UserRow>(
    `SELECT aid, account, name, password_hash, status, session_version, last_cid
       FROM app_user WHERE lower(account) = lower($1)`,
    [account],
  );
  return rows[0];
}

// A disabled membership (company_user.status 0) counts as role "none".
const ROLE_OF_MEMBERSHIP = `CASE WHEN cu.status = 0 THEN 'none' ELSE cu.role END`;
const ALLOWLIST_OF_COMPANY = '(SELECT array_agg(a.entry) FROM console_ip_allowlist a WHERE a.cid = c.cid)';

/**
 * The user with their role in `cid` (null when not a member), that company's operator type and its
 * console IP allowlist.
 */
export async function findSession(sql: Sql, aid: number, cid: number): Promise<SessionRow | undefined> {
  const { rows } = await sql.query<SessionRow>(
    `SELECT u.aid, u.account, u.name, u.status, u.session_version, ${ROLE_OF_MEMBERSHIP} AS role, c.operator_type,
            ${ALLOWLIST_OF_COMPANY} AS ip_allowlist, c.active AS company_active
       FROM app_user u
       LEFT JOIN company c ON c.cid = $2
       LEFT JOIN company_user cu ON cu.aid = u.aid AND cu.cid = $2
      WHERE u.aid = $1`,
    [aid, cid],
  );
  return rows[0];
}

/** Companies the user may work in: their memberships, or every company for the super-administrator. */
export async function listCompaniesOfUser(sql: Sql, aid: number, allCompanies: boolean): Promise<MembershipRow[]> {
  const { rows } = allCompanies
    ? await sql.query<MembershipRow>(
        `SELECT c.cid, c.name, c.operator_type, c.time_zone, ${ROLE_OF_MEMBERSHIP} AS role, cu.status AS member_status, ${ALLOWLIST_OF_COMPANY} AS ip_allowlist
           FROM company c LEFT JOIN company_user cu ON cu.cid = c.cid AND cu.aid = $1
          ORDER BY c.cid`,
        [aid],
      )
    : await sql.query<MembershipRow>(
        `SELECT c.cid, c.name, c.operator_type, c.time_zone, ${ROLE_OF_MEMBERSHIP} AS role, cu.status AS member_status, ${ALLOWLIST_OF_COMPANY} AS ip_allowlist
           FROM company_user cu JOIN company c ON c.cid = cu.cid
          WHERE cu.aid = $1 AND c.active ORDER BY c.cid`,
        [aid],
      );
  return rows;
}

export async function findPreferences(sql: Sql, aid: number, cid: number): Promise<PreferenceRow | undefined> {
  const { rows } = await sql.query<PreferenceRow>(
    `SELECT u.name, u.account, u.dark_mode, u.language, g.name AS group_name
       FROM app_user u
       LEFT JOIN company_user cu ON cu.aid = u.aid AND cu.cid = $2
       LEFT JOIN user_group g ON g.cid = cu.cid AND g.group_id = cu.group_id
      WHERE u.aid = $1`,
    [aid, cid],
  );
  return rows[0];
}

export async function updatePreferences(
  sql: Sql,
  aid: number,
  prefs: { darkMode?: 0 | 1 | undefined; language?: string | undefined },
): Promise<void> {
  await sql.query(
    `UPDATE app_user SET dark_mode = COALESCE($2, dark_mode), language = COALESCE($3, language), updated_at = now()
      WHERE aid = $1`,
    [aid, prefs.darkMode ?? null, prefs.language ?? null],
  );
}

export async function setLastCompany(sql: Sql, aid: number, cid: number): Promise<void> {
  await sql.query('UPDATE app_user SET last_cid = $2 WHERE aid = $1', [aid, cid]);
}
