import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backup and restore of either database (`npm run admin -- backup FILE` / `restore FILE`, README
 * "Backup and restore"):
 * - PostgreSQL (`DATABASE_URL`): `pg_dump --format=custom`, restored with `pg_restore` into an empty
 *   database; the server may keep running during a backup.
 * - The embedded database (PGlite in `PITBOSS_DATA_DIR`): PGlite's own dump of its data directory (a
 *   gzipped tar), loaded into an empty data directory; the server must be stopped (one process owns
 *   the directory).
 * A file says which kind it is (`PGDMP` or gzip), so a restore refuses the other kind.
 */
export type BackupKind = 'postgres' | 'pglite';

export function backupKindOf(file: string): BackupKind | undefined {
  const head = readFileSync(file).subarray(0, 5);
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return undefined;
}

/** Whether a directory holds an embedded database already. */
export function holdsDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

export async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!holdsDatabase(dataDir)) throw new Error(`No embedded database in ${dataDir}`);
  const db = await PGlite.create({ dataDir });
  try {
    const dump = await db.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}

export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && holdsDatabase(dataDir)) {
    throw new Error(`${dataDir} holds a database already: restore into a new, empty PITBOSS_DATA_DIR`);
  }
  const db = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(file)]) });
  await db.close();
}

/** `pg_dump`/`pg_restore`: from PG_BIN, the PATH, or the newest /usr/lib/postgresql/<version>/bin. */
export function pgProgram(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, name);
  const onPath = spawnSync(name, ['--version'], { encoding: 'utf8' });
  if (onPath.status === 0) return name;
  const root = '/usr/lib/postgresql';
  const version = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))[0]
    : undefined;
  if (!version) throw new Error(`${name} not found: install the PostgreSQL client programs or set PG_BIN`);
  return path.join(root, version, 'bin', name);
}

function run(program: string, args: string[]): void {
  const res = spawnSync(program, args, { encoding: 'utf8' });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`${path.basename(program)} failed (${res.status}): ${res.stderr.trim()}`);
}

export function backupPostgres(url: string, file: string): void {
  run(pgProgram('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`]);
}

export function restorePostgres(file: string, url: string): void {
  run(pgProgram('pg_restore'), [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);
}
