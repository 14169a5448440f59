import type { BLACKLIST_SORT_FIELDS } from '@pitboss/contract';
import type { Sql } from '../../db/database';
import { likePattern, sqlOrder } from '../../db/sql';

/** A blacklist row as the API shows it, without TypeName (the service adds it). */
export interface BlacklistRow {
  MemberID: string;
  NickName: string;
  VIPLevel: number;
  Memo: string;
  CreateDate: string;
  EventType: number | null;
  CreatedBy: string;
  UpdateDate: string;
  UpdatedBy: string;
}

const SELECT_ROWS = `
  SELECT b.member_id AS "MemberID", COALESCE(m.nick_name, '') AS "NickName", COALESCE(m.vip_level, 0) AS "VIPLevel",
         b.memo AS "Memo", b.created_at AS "CreateDate", b.event_type AS "EventType",
         b.created_by AS "CreatedBy", b.updated_at AS "UpdateDate", b.updated_by AS "UpdatedBy"
    FROM blacklist_member b
    LEFT JOIN member m ON m.cid = b.cid AND m.member_id = b.member_id`;

const SORT_COLUMNS: Record<(typeof BLACKLIST_SORT_FIELDS)[number], string> = {
  CreateDate: 'b.created_at',
  MemberID: 'b.member_id',
  NickName: `COALESCE(m.nick_name, '')`,
  VIPLevel: 'COALESCE(m.vip_level, 0)',
  EventType: 'COALESCE(b.event_type, 0)',
};

export interface BlacklistFilter {
  memberIds?: string[] | undefined;
  keyword?: string | undefined;
  /** 0 stands for manual entries. */
  eventTypes?: number[] | undefined;
  sort: { field: (typeof BLACKLIST_SORT_FIELDS)[number]; order: 'Desc' | 'Asc' };
  limit: number;
  offset: number;
}

export async function listMembers(
  sql: Sql,
  cid: number,
  filter: BlacklistFilter,
): Promise<{ rows: BlacklistRow[]; total: number }> {
  const where = `b.cid = $1
    AND ($2::text[] IS NULL OR b.member_id = ANY($2::text[]))
    AND ($3::text IS NULL OR b.member_id ILIKE $3 OR m.nick_name ILIKE $3 OR b.memo ILIKE $3)
    AND ($4::int[] IS NULL OR COALESCE(b.event_type, 0) = ANY($4::int[]))`;
  const params = [cid, filter.memberIds ?? null, likePattern(filter.keyword), filter.eventTypes ?? null];
  const order = `${SORT_COLUMNS[filter.sort.field]} ${sqlOrder(filter.sort.order)}, b.member_id`;
  const { rows } = await sql.query<BlacklistRow>(`${SELECT_ROWS} WHERE ${where} ORDER BY ${order} LIMIT $5 OFFSET $6`, [
    ...params,
    filter.limit,
    filter.offset,
  ]);
  const count = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM blacklist_member b LEFT JOIN member m ON m.cid = b.cid AND m.member_id = b.member_id
      WHERE ${where}`,
    params,
  );
  return { rows, total: count.rows[0]?.n ?? 0 };
}

export async function findMember(sql: Sql, cid: number, memberId: string): Promise<BlacklistRow | undefined> {
  const { rows } = await sql.query<BlacklistRow>(`${SELECT_ROWS} WHERE b.cid = $1 AND b.member_id = $2`, [
    cid,
    memberId,
  ]);
  return rows[0];
}

/** When the member was put on the blacklist, or undefined when it is not on it. */
export async function listedSince(sql: Sql, cid: number, memberId: string): Promise<string | undefined> {
  const { rows } = await sql.query<{ created_at: string }>(
    'SELECT created_at FROM blacklist_member WHERE cid = $1 AND member_id = $2',
    [cid, memberId],
  );
  return rows[0]?.created_at;
}

export interface NewBlacklistMember {
  memberId: string;
  memo: string;
  eventType: number | null;
}

/** Inserts the members not on the list yet; answers those added, with their creation time. */
export async function insertMembers(
  sql: Sql,
  cid: number,
  members: NewBlacklistMember[],
  account: string,
): Promise<{ memberId: string; createdAt: string }[]> {
  const { rows } = await sql.query<{ member_id: string; created_at: string }>(
    `INSERT INTO blacklist_member (cid, member_id, memo, event_type, created_by, updated_by)
     SELECT $1, member_id, memo, event_type, $5, $5
       FROM unnest($2::text[], $3::text[], $4::smallint[]) WITH ORDINALITY AS t(member_id, memo, event_type, n)
      ORDER BY n
     ON CONFLICT DO NOTHING
     RETURNING member_id, created_at`,
    [cid, members.map((m) => m.memberId), members.map((m) => m.memo), members.map((m) => m.eventType), account],
  );
  return rows.map((r) => ({ memberId: r.member_id, createdAt: r.created_at }));
}

/** Changes memo and/or alert type; answers false when the member is not on the list. */
export async function updateMember(
  sql: Sql,
  cid: number,
  memberId: string,
  change: { memo?: string | undefined; eventType?: number | null | undefined },
  account: string,
): Promise<boolean> {
  const { rowCount } = await sql.query(
    `UPDATE blacklist_member
        SET memo = COALESCE($3, memo),
            event_type = CASE WHEN $4::boolean THEN $5::smallint ELSE event_type END,
            updated_by = $6, updated_at = now()
      WHERE cid = $1 AND member_id = $2`,
    [cid, memberId, change.memo ?? null, change.eventType !== undefined, change.eventType ?? null, account],
  );
  return (rowCount ?? 0) > 0;
}
