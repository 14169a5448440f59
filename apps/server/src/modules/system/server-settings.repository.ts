import type { Sql } from '../../db/database';

/** `server_setting`: key/value pairs of the installation (not of a company), shared by every process. */
export async function readServerSetting(sql: Sql, key: string): Promise<string | undefined> {
  const { rows } = await sql.query<{ value: string }>('SELECT value FROM server_setting WHERE key = $1', [key]);
  return rows[0]?.value;
}

/** Stores `value` unless the key has one already (the first process to start wins). */
export async function insertServerSettingIfAbsent(sql: Sql, key: string, value: string): Promise<void> {
  await sql.query('INSERT INTO server_setting (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, value]);
}
