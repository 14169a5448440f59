import type { WHITELIST_IP_SORT_FIELDS, WHITELIST_SORT_FIELDS, WhitelistIp, WhitelistMember } from '@pitboss/contract';
import type { Sql } from '../../db/database';
import { likePattern, sqlOrder } from '../../db/sql';

interface Page<F extends string> {
  sort: { field: F; order: 'Desc' | 'Asc' };
  limit: number;
  offset: number;
}

const MEMBER_SORT: Record<(typeof WHITELIST_SORT_FIELDS)[number], string> = {
  CreateDate: 'w.created_at',
  MemberID: 'w.member_id',
  NickName: `COALESCE(m.nick_name, '')`,
  VIPLevel: 'COALESCE(m.vip_level, 0)',
};

export async function listMembers(
  sql: Sql,
  cid: number,
  filter: Page<(typeof WHITELIST_SORT_FIELDS)[number]> & {
    memberIds?: string[] | undefined;
    keyword?: string | undefined;
  },
): Promise<{ rows: WhitelistMember[]; total: number }> {
  const from = 'whitelist_member w LEFT JOIN member m ON m.cid = w.cid AND m.member_id = w.member_id';
  const where = `w.cid = $1 AND ($2::text[] IS NULL OR w.member_id = ANY($2::text[]))
    AND ($3::text IS NULL OR w.member_id ILIKE $3 OR m.nick_name ILIKE $3 OR w.memo ILIKE $3)`;
  const params = [cid, filter.memberIds ?? null, likePattern(filter.keyword)];
  const { rows } = await sql.query<WhitelistMember>(
    `SELECT w.member_id AS "MemberID", COALESCE(m.nick_name, '') AS "NickName", COALESCE(m.vip_level, 0) AS "VIPLevel",
            w.memo AS "Memo", w.created_at AS "CreateDate", w.created_by AS "CreatedBy"
       FROM ${from} WHERE ${where}
      ORDER BY ${MEMBER_SORT[filter.sort.field]} ${sqlOrder(filter.sort.order)}, w.member_id
      LIMIT $4 OFFSET $5`,
    [...params, filter.limit, filter.offset],
  );
  const count = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`, params);
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** Inserts the members not on the whitelist yet; answers the IDs added. */
export async function insertMembers(
  sql: Sql,
  cid: number,
  members: { memberId: string; memo: string }[],
  account: string,
): Promise<Set<string>> {
  const { rows } = await sql.query<{ member_id: string }>(
    `INSERT INTO whitelist_member (cid, member_id, memo, created_by)
     SELECT $1, member_id, memo, $4 FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(member_id, memo, n)
      ORDER BY n
     ON CONFLICT DO NOTHING RETURNING member_id`,
    [cid, members.map((m) => m.memberId), members.map((m) => m.memo), account],
  );
  return new Set(rows.map((r) => r.member_id));
}

/** A listed address shows without its /32 or /128; a range with its prefix. */
const IP_TEXT = `CASE WHEN masklen(ip) = CASE family(ip) WHEN 4 THEN 32 ELSE 128 END THEN host(ip) ELSE text(ip) END`;

const IP_SORT: Record<(typeof WHITELIST_IP_SORT_FIELDS)[number], string> = {
  CreateDate: 'created_at',
  IP: 'ip',
};

export async function listIps(
  sql: Sql,
  cid: number,
  filter: Page<(typeof WHITELIST_IP_SORT_FIELDS)[number]> & {
    text?: string | undefined;
    covering?: string | undefined;
  },
): Promise<{ rows: WhitelistIp[]; total: number }> {
  const where = `cid = $1 AND ($2::text IS NULL OR ${IP_TEXT} ILIKE $2) AND ($3::inet IS NULL OR ip >>= $3::inet)`;
  const params = [cid, likePattern(filter.text), filter.covering ?? null];
  const { rows } = await sql.query<WhitelistIp>(
    `SELECT ${IP_TEXT} AS "IP", memo AS "Memo", created_at AS "CreateDate", created_by AS "CreatedBy"
       FROM whitelist_ip WHERE ${where}
      ORDER BY ${IP_SORT[filter.sort.field]} ${sqlOrder(filter.sort.order)}, ip
      LIMIT $4 OFFSET $5`,
    [...params, filter.limit, filter.offset],
  );
  const count = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM whitelist_ip WHERE ${where}`, params);
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/**
 * Adds the entries not listed yet. Answers every distinct entry in canonical text, in request order,
 * with whether this call added it.
 */
export async function insertIps(
  sql: Sql,
  cid: number,
  entries: { ip: string; memo: string }[],
  account: string,
): Promise<{ ip: string; added: boolean }[]> {
  const { rows } = await sql.query<{ ip: string; added: boolean }>(
    `WITH input AS (
       SELECT DISTINCT ON (ip) ip, memo, n
         FROM unnest($2::cidr[], $3::text[]) WITH ORDINALITY AS t(ip, memo, n) ORDER BY ip, n),
     inserted AS (
       INSERT INTO whitelist_ip (cid, ip, memo, created_by) SELECT $1, ip, memo, $4 FROM input
       ON CONFLICT DO NOTHING RETURNING ip)
     SELECT ${IP_TEXT} AS ip, EXISTS (SELECT 1 FROM inserted WHERE inserted.ip = input.ip) AS added
       FROM input ORDER BY n`,
    [cid, entries.map((e) => e.ip), entries.map((e) => e.memo), account],
  );
  return rows;
}

/** Removes the exact entries given; answers each distinct entry in canonical text with whether it was listed. */
export async function removeIps(sql: Sql, cid: number, ips: string[]): Promise<{ ip: string; removed: boolean }[]> {
  const { rows } = await sql.query<{ ip: string; removed: boolean }>(
    `WITH input AS (
       SELECT DISTINCT ON (ip) ip, n FROM unnest($2::cidr[]) WITH ORDINALITY AS t(ip, n) ORDER BY ip, n),
     deleted AS (
       DELETE FROM whitelist_ip w USING input WHERE w.cid = $1 AND w.ip = input.ip RETURNING w.ip)
     SELECT ${IP_TEXT} AS ip, EXISTS (SELECT 1 FROM deleted WHERE deleted.ip = input.ip) AS removed
       FROM input ORDER BY n`,
    [cid, ips],
  );
  return rows;
}

/** Every whitelisted member and IP range of a company, for the detectors. */
export async function loadExemptionRows(sql: Sql, cid: number): Promise<{ memberIds: string[]; ipRanges: string[] }> {
  const members = await sql.query<{ member_id: string }>('SELECT member_id FROM whitelist_member WHERE cid = $1', [
    cid,
  ]);
  const ips = await sql.query<{ ip: string }>('SELECT text(ip) AS ip FROM whitelist_ip WHERE cid = $1', [cid]);
  return { memberIds: members.rows.map((r) => r.member_id), ipRanges: ips.rows.map((r) => r.ip) };
}
