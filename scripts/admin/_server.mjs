// Helpers for admin commands: the server's own code (TypeScript, loaded through tsx) and its database,
// configured from the same environment as the server (DATABASE_URL, PITBOSS_DATA_DIR, …).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Imports a module of the server's sources, e.g. `modules/auth/account-recovery.ts`. */
export function serverModule(relative) {
  return tsImport(pathToFileURL(path.join(root, 'apps/server/src', relative)).href, import.meta.url);
}

/**
 * Opens the server's database (migrated), runs `fn(db)`, closes it. With the embedded database
 * (no DATABASE_URL) the server must be stopped first: PGlite's data directory takes one process.
 */
export async function withDatabase(fn) {
  const { loadConfig, openDatabase, migrate } = await serverModule('index.ts');
  const config = loadConfig(process.env);
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    await migrate(db);
    return await fn(db, config);
  } finally {
    await db.close();
  }
}
