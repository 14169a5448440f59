import type { Sql } from '../../db/database';

const KEY_SETTING = 'demo_ingest_key';
const STATE_SETTING = 'demo_feed';

/** Where the demo feed is: its simulation (seed and start) and how far the one-time backfill got. */
export interface DemoState {
  seed: number;
  /** Start of the backfilled week, ISO. */
  start: string;
  /** End of the backfill (the first start of the server), ISO. */
  backfillTo: string;
  /** Backfilled up to here, ISO; equal to `backfillTo` once done. */
  backfilledUntil: string;
}

async function readSetting(sql: Sql, key: string): Promise<string | undefined> {
  const { rows } = await sql.query<{ value: string }>('SELECT value FROM server_setting WHERE key = $1', [key]);
  return rows[0]?.value;
}

async function writeSetting(sql: Sql, key: string, value: string): Promise<void> {
  await sql.query(
    `INSERT INTO server_setting (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, value],
  );
}

/** The demo key's plaintext, kept so that the feed can post after a restart (it only feeds demo data). */
export const readDemoKey = (sql: Sql) => readSetting(sql, KEY_SETTING);
export const writeDemoKey = (sql: Sql, key: string) => writeSetting(sql, KEY_SETTING, key);

export async function readDemoState(sql: Sql): Promise<DemoState | undefined> {
  const text = await readSetting(sql, STATE_SETTING);
  return text ? (JSON.parse(text) as DemoState) : undefined;
}

export const writeDemoState = (sql: Sql, state: DemoState) => writeSetting(sql, STATE_SETTING, JSON.stringify(state));

export async function companyExists(sql: Sql, cid: number): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM company WHERE cid = $1', [cid]);
  return rows.length > 0;
}
