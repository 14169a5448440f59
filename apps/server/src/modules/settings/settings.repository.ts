import type { Sql } from '../../db/database';

export interface AllowlistRow {
  entry: string;
  memo: string;
  created_at: string;
}

export async function listAllowlist(sql: Sql, cid: number): Promise<AllowlistRow[]> {
  const { rows } = await sql.query<AllowlistRow>(
    'SELECT entry, memo, created_at FROM console_ip_allowlist WHERE cid = $1 ORDER BY position, entry',
    [cid],
  );
  return rows;
}

/** Replaces the company's list; entries kept from before keep their creation time. */
export async function replaceAllowlist(
  sql: Sql,
  cid: number,
  entries: { entry: string; memo: string }[],
  by: number,
): Promise<void> {
  await sql.query('DELETE FROM console_ip_allowlist WHERE cid = $1 AND NOT (entry = ANY($2::text[]))', [
    cid,
    entries.map((e) => e.entry),
  ]);
  if (entries.length === 0) return;
  await sql.query(
    `INSERT INTO console_ip_allowlist (cid, entry, memo, position, created_by)
     SELECT $1, e, m, p, $4 FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(e, m, p)
     ON CONFLICT (cid, entry) DO UPDATE SET memo = EXCLUDED.memo, position = EXCLUDED.position`,
    [cid, entries.map((e) => e.entry), entries.map((e) => e.memo), by],
  );
}

export async function updateCompanySettings(
  sql: Sql,
  cid: number,
  change: { baseCurrency?: string | undefined; timeZone?: string | undefined },
): Promise<void> {
  await sql.query(
    'UPDATE company SET base_currency = COALESCE($2, base_currency), time_zone = COALESCE($3, time_zone) WHERE cid = $1',
    [cid, change.baseCurrency ?? null, change.timeZone ?? null],
  );
}
