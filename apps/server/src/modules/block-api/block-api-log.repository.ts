import type { BLOCK_API_LOG_SORT_FIELDS, BlockApiLog } from '@pitboss/contract';
import type { Sql } from '../../db/database';
import { sqlOrder } from '../../db/sql';

const SORT_COLUMNS: Record<(typeof BLOCK_API_LOG_SORT_FIELDS)[number], string> = {
  CreateDate: 'created_at',
  MemberID: 'member_id',
  APIName: 'lower(api_name)',
};

export interface LogFilter {
  memberIds?: string[] | undefined;
  apiId?: number | undefined;
  outcome?: BlockApiLog['Outcome'] | undefined;
  sort: { field: (typeof BLOCK_API_LOG_SORT_FIELDS)[number]; order: 'Desc' | 'Asc' };
  limit: number;
  offset: number;
}

export async function listLogs(
  sql: Sql,
  cid: number,
  filter: LogFilter,
): Promise<{ rows: BlockApiLog[]; total: number }> {
  const where = `cid = $1 AND ($2::text[] IS NULL OR member_id = ANY($2::text[]))
    AND ($3::int IS NULL OR api_id = $3) AND ($4::text IS NULL OR outcome = $4)`;
  const params = [cid, filter.memberIds ?? null, filter.apiId ?? null, filter.outcome ?? null];
  const order = `${SORT_COLUMNS[filter.sort.field]} ${sqlOrder(filter.sort.order)}, id ${sqlOrder(filter.sort.order)}`;
  const { rows } = await sql.query<BlockApiLog>(
    `SELECT id AS "ID", cid AS "CID", member_id AS "MemberID", api_id AS "APIID", api_name AS "APIName",
            memo AS "Memo", outcome AS "Outcome", attempt AS "Attempt", created_at AS "CreateDate"
       FROM block_api_log WHERE ${where} ORDER BY ${order} LIMIT $5 OFFSET $6`,
    [...params, filter.limit, filter.offset],
  );
  const count = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM block_api_log WHERE ${where}`, params);
  return { rows, total: count.rows[0]?.n ?? 0 };
}
