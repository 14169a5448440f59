import type { Sql } from '../../db/database';

export interface IngestKeyRow {
  cid: number;
  key_id: number;
  name: string;
  prefix: string;
  created_by_account: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface KeyLookupRow {
  cid: number;
  key_id: number;
  revoked_at: string | null;
}

const COLUMNS = `k.cid, k.key_id, k.name, k.prefix, u.account AS created_by_account, k.created_at, k.last_used_at, k.revoked_at`;

export async function insertKey(
  sql: Sql,
  key: { cid: number; name: string; prefix: string; hash: string; createdBy: number | null },
): Promise<IngestKeyRow> {
  const { rows } = await sql.query<IngestKeyRow>(
    `WITH k AS (
       INSERT INTO ingest_key (cid, name, prefix, key_hash, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING *
     )
     SELECT ${COLUMNS} FROM k LEFT JOIN app_user u ON u.aid = k.created_by`,
    [key.cid, key.name, key.prefix, key.hash, key.createdBy],
  );
  return rows[0] as IngestKeyRow;
}

export async function listKeys(sql: Sql, cid: number): Promise<IngestKeyRow[]> {
  const { rows } = await sql.query<IngestKeyRow>(
    `SELECT ${COLUMNS} FROM ingest_key k LEFT JOIN app_user u ON u.aid = k.created_by
      WHERE k.cid = $1 ORDER BY k.key_id DESC`,
    [cid],
  );
  return rows;
}

export async function countActiveKeys(sql: Sql, cid: number): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ingest_key WHERE cid = $1 AND revoked_at IS NULL',
    [cid],
  );
  return rows[0]?.n ?? 0;
}

export async function findKeyByHash(sql: Sql, hash: string): Promise<KeyLookupRow | undefined> {
  const { rows } = await sql.query<KeyLookupRow>('SELECT cid, key_id, revoked_at FROM ingest_key WHERE key_hash = $1', [
    hash,
  ]);
  return rows[0];
}

/** Revokes a key of `cid` (keeping the first revocation time); answers its hash, or undefined when no such key. */
export async function revokeKey(sql: Sql, cid: number, keyId: number, aid: number | null): Promise<string | undefined> {
  const { rows } = await sql.query<{ key_hash: string }>(
    `UPDATE ingest_key SET revoked_at = COALESCE(revoked_at, now()), revoked_by = COALESCE(revoked_by, $3)
      WHERE cid = $1 AND key_id = $2 RETURNING key_hash`,
    [cid, keyId, aid],
  );
  return rows[0]?.key_hash;
}

export async function touchKey(sql: Sql, cid: number, keyId: number, at: Date): Promise<void> {
  await sql.query(
    `UPDATE ingest_key SET last_used_at = $3 WHERE cid = $1 AND key_id = $2 AND (last_used_at IS NULL OR last_used_at < $3)`,
    [cid, keyId, at.toISOString()],
  );
}

/** Serialises the demo key's creation between servers starting on one database (ends with the transaction). */
export async function lockDemoKey(sql: Sql): Promise<void> {
  await sql.query('SELECT pg_advisory_xact_lock(72001101)');
}

export async function companyExists(sql: Sql, cid: number): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM company WHERE cid = $1', [cid]);
  return rows.length > 0;
}

/** Keys of `cid` named `name`, revoked or not. */
export async function countKeysNamed(sql: Sql, cid: number, name: string): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ingest_key WHERE cid = $1 AND name = $2',
    [cid, name],
  );
  return rows[0]?.n ?? 0;
}
