import type { Sql } from '../../db/database';

/** Failed logins (`login_failure`, migration 0751); `account` is lower-cased by the caller. */

/**
 * The time (epoch ms) of the `limit`-th newest failure after `sinceMs`, for the account and address
 * together (`ip` and `account` given) or for the address alone (`account` null): while it is in the
 * window, `limit` failures are, and the caller waits until it leaves.
 */
export async function nthNewestFailure(
  sql: Sql,
  account: string | null,
  ip: string,
  sinceMs: number,
  limit: number,
): Promise<number | undefined> {
  const { rows } = await sql.query<{ at: number }>(
    `SELECT floor(extract(epoch FROM failed_at) * 1000)::float8 AS at FROM login_failure
      WHERE ip = $1 AND ($2::text IS NULL OR account = $2) AND failed_at > $3
      ORDER BY failed_at DESC OFFSET $4 LIMIT 1`,
    [ip, account, new Date(sinceMs).toISOString(), Math.max(0, limit - 1)],
  );
  return rows[0]?.at;
}

/** Records a failure, and forgets those that left the window. */
export async function insertFailure(sql: Sql, account: string, ip: string, atMs: number, windowMs: number) {
  await sql.query(
    `WITH old AS (DELETE FROM login_failure WHERE failed_at <= $4)
     INSERT INTO login_failure (account, ip, failed_at) VALUES ($1, $2, $3)`,
    [account, ip, new Date(atMs).toISOString(), new Date(atMs - windowMs).toISOString()],
  );
}

/** Forgets the account's failures: from one address (a successful login there), or all (`unlock`). */
export async function clearFailures(sql: Sql, account: string, ip?: string): Promise<number> {
  const { rowCount } = await sql.query(
    `DELETE FROM login_failure WHERE account = $1 AND ($2::text IS NULL OR ip = $2)`,
    [account, ip ?? null],
  );
  return rowCount ?? 0;
}
