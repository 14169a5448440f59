import type { UserGroup } from '@pitboss/contract';
import type { Sql } from '../../db/database';

export async function listGroups(sql: Sql, cid: number): Promise<UserGroup[]> {
  const { rows } = await sql.query<UserGroup>(
    `SELECT g.group_id AS "GroupID", g.name AS "Name", g.memo AS "Memo", g.created_at AS "CreateDate",
            (SELECT count(*)::int FROM company_user cu WHERE cu.cid = g.cid AND cu.group_id = g.group_id) AS "UserCount"
       FROM user_group g WHERE g.cid = $1 ORDER BY lower(g.name)`,
    [cid],
  );
  return rows;
}

export async function groupExists(sql: Sql, cid: number, groupId: number): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM user_group WHERE cid = $1 AND group_id = $2', [cid, groupId]);
  return rows.length > 0;
}

/** Whether another group of the company has this name (ignoring case). */
export async function groupNameTaken(sql: Sql, cid: number, name: string, exceptId = 0): Promise<boolean> {
  const { rows } = await sql.query(
    'SELECT 1 FROM user_group WHERE cid = $1 AND lower(name) = lower($2) AND group_id <> $3',
    [cid, name, exceptId],
  );
  return rows.length > 0;
}

export async function insertGroup(sql: Sql, cid: number, name: string, memo: string): Promise<number> {
  const { rows } = await sql.query<{ group_id: number }>(
    'INSERT INTO user_group (cid, name, memo) VALUES ($1, $2, $3) RETURNING group_id',
    [cid, name, memo],
  );
  return rows[0]?.group_id as number;
}

export async function updateGroup(
  sql: Sql,
  cid: number,
  groupId: number,
  change: { name?: string | undefined; memo?: string | undefined },
): Promise<boolean> {
  const { rowCount } = await sql.query(
    'UPDATE user_group SET name = COALESCE($3, name), memo = COALESCE($4, memo) WHERE cid = $1 AND group_id = $2',
    [cid, groupId, change.name ?? null, change.memo ?? null],
  );
  return (rowCount ?? 0) > 0;
}

/** Deletes the group; its users stay, without a group. */
export async function deleteGroup(sql: Sql, cid: number, groupId: number): Promise<boolean> {
  await sql.query('UPDATE company_user SET group_id = NULL WHERE cid = $1 AND group_id = $2', [cid, groupId]);
  const { rowCount } = await sql.query('DELETE FROM user_group WHERE cid = $1 AND group_id = $2', [cid, groupId]);
  return (rowCount ?? 0) > 0;
}
