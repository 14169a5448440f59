// `npm run admin -- backup FILE`: the whole database in one file (README "Backup and restore").
// PostgreSQL (DATABASE_URL): pg_dump, while the server runs. Embedded database: stop the server first.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serverModule } from './_server.mjs';

export const summary =
  'FILE: write a backup of the database (pg_dump, or the embedded database: stop the server first)';

export async function run(args) {
  const [file] = args;
  if (!file || args.length > 1) {
    console.error('Usage: npm run admin -- backup FILE');
    return 2;
  }
  if (existsSync(file)) {
    console.error(`${file} exists already: choose a new file`);
    return 2;
  }
  const { loadConfig } = await serverModule('index.ts');
  const backup = await serverModule('db/backup.ts');
  const config = loadConfig(process.env);
  const target = path.resolve(file);
  if (config.databaseUrl) backup.backupPostgres(config.databaseUrl, target);
  else await backup.backupPglite(config.dataDir, target);
  console.log(`Backup of the ${config.databaseUrl ? 'PostgreSQL' : 'embedded'} database written to ${target}`);
  return 0;
}
