// `npm run admin -- restore FILE`: a backup of `backup` into a fresh installation: an empty PostgreSQL
// database (DATABASE_URL) or a new PITBOSS_DATA_DIR. Start the server afterwards; it migrates if needed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serverModule } from './_server.mjs';

export const summary = 'FILE: restore a backup into an empty database (DATABASE_URL) or a new PITBOSS_DATA_DIR';

export async function run(args) {
  const [file] = args;
  if (!file || args.length > 1) {
    console.error('Usage: npm run admin -- restore FILE');
    return 2;
  }
  if (!existsSync(file)) {
    console.error(`No file ${file}`);
    return 2;
  }
  const { loadConfig } = await serverModule('index.ts');
  const backup = await serverModule('db/backup.ts');
  const config = loadConfig(process.env);
  const source = path.resolve(file);
  const kind = backup.backupKindOf(source);
  const want = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== want) {
    console.error(
      kind
        ? `${file} is a backup of ${kind === 'postgres' ? 'a PostgreSQL' : 'an embedded'} database; ${
            want === 'postgres' ? 'unset DATABASE_URL to restore it as the embedded database' : 'set DATABASE_URL'
          }`
        : `${file} is not a Pitboss backup`,
    );
    return 2;
  }
  if (config.databaseUrl) backup.restorePostgres(source, config.databaseUrl);
  else await backup.restorePglite(source, config.dataDir);
  console.log(`Restored ${source} into the ${config.databaseUrl ? 'PostgreSQL' : 'embedded'} database`);
  return 0;
}
