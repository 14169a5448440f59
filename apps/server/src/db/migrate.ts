import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../paths';
import type { Database } from './database';

export { MIGRATIONS_DIR };

const LOCK_KEY = 72_001_001;

export interface MigrationResult {
  applied: string[];
}

/**
 * Applies the forward-only SQL files of `migrations/` in name order, each in its own transaction,
 * under an advisory lock so that several servers starting on one PostgreSQL do not race.
 * An applied file whose content changed stops the start: migrations are never edited, only added.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const client = await db.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migration (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Map(
      (await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migration')).rows.map(
        (r) => [r.name, r.checksum],
      ),
    );
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8');
      const checksum = createHash('sha256').update(text).digest('hex');
      const previous = done.get(file);
      if (previous !== undefined) {
        if (previous !== checksum)
          throw new Error(`Migration ${file} was changed after it was applied; add a new migration instead`);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(text);
        await client.query('INSERT INTO schema_migration (name, checksum) VALUES ($1, $2)', [file, checksum]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
      }
      applied.push(file);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    client.release();
  }
  return { applied };
}
