import type { Sql } from '../../db/database';

/** SQL the blacklist and the whitelist of members share. `table` is one of the two, never user input. */
export type MemberListTable = 'blacklist_member' | 'whitelist_member';

/** Advisory-lock key (two-int form, with the company id) under which both member lists change. */
const MEMBER_LISTS_LOCK = 200;

/**
 * Serialises changes to one company's member lists for the rest of the transaction, so that two
 * concurrent calls cannot put the same member on both lists.
 */
export async function lockMemberLists(sql: Sql, cid: number): Promise<void> {
  await sql.query('SELECT pg_advisory_xact_lock($1, $2)', [MEMBER_LISTS_LOCK, cid]);
}

/** Which of `ids` are on `table`. */
export async function findListed(sql: Sql, table: MemberListTable, cid: number, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql.query<{ member_id: string }>(
    `SELECT member_id FROM ${table} WHERE cid = $1 AND member_id = ANY($2::text[])`,
    [cid, ids],
  );
  return new Set(rows.map((r) => r.member_id));
}

/** Removes `ids` from `table`; answers those that were on it. */
export async function removeListed(sql: Sql, table: MemberListTable, cid: number, ids: string[]): Promise<Set<string>> {
  const { rows } = await sql.query<{ member_id: string }>(
    `DELETE FROM ${table} WHERE cid = $1 AND member_id = ANY($2::text[]) RETURNING member_id`,
    [cid, ids],
  );
  return new Set(rows.map((r) => r.member_id));
}
