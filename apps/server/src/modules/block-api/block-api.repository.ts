import type { BlockApi, BlockApiLog } from '@pitboss/contract';
import type { Sql } from '../../db/database';

const API_COLUMNS = `api_id AS "APIID", name AS "Name", is_lock AS "IsLock", url AS "Url",
  created_at AS "CreateDate", updated_at AS "UpdateDate"`;

export async function listApis(sql: Sql, cid: number): Promise<BlockApi[]> {
  const { rows } = await sql.query<BlockApi>(
    `SELECT ${API_COLUMNS} FROM block_api WHERE cid = $1 ORDER BY lower(name), api_id`,
    [cid],
  );
  return rows;
}

/** The APIs called when a member is blacklisted. */
export async function listLockingApis(sql: Sql, cid: number): Promise<{ apiId: number; name: string }[]> {
  const { rows } = await sql.query<{ api_id: number; name: string }>(
    'SELECT api_id, name FROM block_api WHERE cid = $1 AND is_lock ORDER BY api_id',
    [cid],
  );
  return rows.map((r) => ({ apiId: r.api_id, name: r.name }));
}

export async function findApi(sql: Sql, cid: number, apiId: number): Promise<BlockApi | undefined> {
  const { rows } = await sql.query<BlockApi>(`SELECT ${API_COLUMNS} FROM block_api WHERE cid = $1 AND api_id = $2`, [
    cid,
    apiId,
  ]);
  return rows[0];
}

/** Another API of the company with this name (case-insensitive). */
export async function nameTaken(sql: Sql, cid: number, name: string, exceptApiId?: number): Promise<boolean> {
  const { rows } = await sql.query(
    'SELECT 1 FROM block_api WHERE cid = $1 AND lower(name) = lower($2) AND api_id IS DISTINCT FROM $3',
    [cid, name, exceptApiId ?? null],
  );
  return rows.length > 0;
}

export async function insertApi(
  sql: Sql,
  cid: number,
  api: { name: string; isLock: boolean; url: string },
): Promise<BlockApi> {
  const { rows } = await sql.query<BlockApi>(
    `INSERT INTO block_api (cid, name, is_lock, url) VALUES ($1, $2, $3, $4) RETURNING ${API_COLUMNS}`,
    [cid, api.name, api.isLock, api.url],
  );
  return rows[0] as BlockApi;
}

export async function updateApi(
  sql: Sql,
  cid: number,
  apiId: number,
  change: { name?: string | undefined; isLock?: boolean | undefined; url?: string | undefined },
): Promise<BlockApi | undefined> {
  const { rows } = await sql.query<BlockApi>(
    `UPDATE block_api SET name = COALESCE($3, name), is_lock = COALESCE($4, is_lock), url = COALESCE($5, url),
            updated_at = now()
      WHERE cid = $1 AND api_id = $2 RETURNING ${API_COLUMNS}`,
    [cid, apiId, change.name ?? null, change.isLock ?? null, change.url ?? null],
  );
  return rows[0];
}

export async function deleteApi(sql: Sql, cid: number, apiId: number): Promise<boolean> {
  const { rowCount } = await sql.query('DELETE FROM block_api WHERE cid = $1 AND api_id = $2', [cid, apiId]);
  return (rowCount ?? 0) > 0;
}

export interface TokenRow {
  token: string;
  updated_by: string;
  updated_at: string;
}

export async function findToken(sql: Sql, cid: number): Promise<TokenRow | undefined> {
  const { rows } = await sql.query<TokenRow>(
    'SELECT token, updated_by, updated_at FROM block_api_token WHERE cid = $1',
    [cid],
  );
  return rows[0];
}

export async function saveToken(sql: Sql, cid: number, token: string, account: string): Promise<void> {
  await sql.query(
    `INSERT INTO block_api_token (cid, token, updated_by) VALUES ($1, $2, $3)
     ON CONFLICT (cid) DO UPDATE SET token = EXCLUDED.token, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [cid, token, account],
  );
}

export interface NewLogRow {
  cid: number;
  memberId: string;
  apiId: number;
  apiName: string;
  outboxId: number;
  attempt: number;
  outcome: BlockApiLog['Outcome'];
  memo: string;
}

/** An API and the company's token, read in one round trip (a call reads both at each attempt). */
export async function findApiAndToken(
  sql: Sql,
  cid: number,
  apiId: number,
): Promise<{ api: BlockApi | undefined; token: string | undefined }> {
  const { rows } = await sql.query<BlockApi & { token: string | null; found: boolean }>(
    `SELECT a.*, (SELECT token FROM block_api_token WHERE cid = $1) AS token
       FROM (SELECT true AS found) one
       LEFT JOIN LATERAL (SELECT ${API_COLUMNS} FROM block_api WHERE cid = $1 AND api_id = $2) a ON true`,
    [cid, apiId],
  );
  const row = rows[0];
  if (!row) return { api: undefined, token: undefined };
  const { token, found: _found, ...api } = row;
  return { api: api.APIID === null ? undefined : (api as BlockApi), token: token ?? undefined };
}

/** `insertLog` of many rows in one statement. */
export async function insertLogs(sql: Sql, list: readonly NewLogRow[]): Promise<void> {
  if (list.length === 0) return;
  await sql.query(
    `INSERT INTO block_api_log (cid, member_id, api_id, api_name, outbox_id, attempt, outcome, memo)
     SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::bigint[], $6::int[], $7::text[], $8::text[])`,
    [
      list.map((r) => r.cid),
      list.map((r) => r.memberId),
      list.map((r) => r.apiId),
      list.map((r) => r.apiName),
      list.map((r) => r.outboxId),
      list.map((r) => r.attempt),
      list.map((r) => r.outcome),
      list.map((r) => r.memo.slice(0, 2000)),
    ],
  );
}

export async function insertLog(sql: Sql, row: NewLogRow): Promise<void> {
  await sql.query(
    `INSERT INTO block_api_log (cid, member_id, api_id, api_name, outbox_id, attempt, outcome, memo)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [row.cid, row.memberId, row.apiId, row.apiName, row.outboxId, row.attempt, row.outcome, row.memo.slice(0, 2000)],
  );
}

export interface LockCallRow {
  member_id: string;
  api_name: string;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'unsent';
  attempts: number;
  last_error: string | null;
  updated_at: Date;
}

/** The newest lock call of each block API for each member (queued, tried, sent, failed or cancelled). */
export async function listLockCalls(sql: Sql, cid: number, memberIds: readonly string[]): Promise<LockCallRow[]> {
  const { rows } = await sql.query<LockCallRow>(
    `SELECT DISTINCT ON (payload->>'memberId', payload->>'apiId')
            payload->>'memberId' AS member_id, payload->>'apiName' AS api_name, status, attempts, last_error,
            COALESCE(sent_at, CASE WHEN attempts > 0 THEN next_attempt_at END, created_at) AS updated_at
       FROM outbox
      WHERE cid = $1 AND channel = 'block-api' AND payload->>'memberId' = ANY($2::text[])
      ORDER BY payload->>'memberId', payload->>'apiId', id DESC`,
    [cid, memberIds],
  );
  return rows;
}
