import path from 'node:path';

// Files the server reads at run time, found from this module. It sits directly in `src/`, and the build
// bundles it into `dist/main.mjs` (with the PGlite worker beside it as `dist/db/pglite-worker.mjs`):
// either way this folder is one level below apps/server, so the same paths hold from source (tests,
// tsx) and from the build (`npm start`). Keep it here, and compute run-time paths nowhere else.
const here = import.meta.dirname;

/** apps/server */
export const SERVER_DIR = path.resolve(here, '..');
export const REPO_ROOT = path.resolve(SERVER_DIR, '../..');
/** The forward-only SQL files `migrate` applies. */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'migrations');
/** The built console served by default (`PITBOSS_CONSOLE_DIR` overrides it). */
export const CONSOLE_DIST_DIR = path.join(REPO_ROOT, 'apps/console/dist');
/** Its version is the server's version when the console has no `version.json`. */
export const ROOT_PACKAGE_JSON = path.join(REPO_ROOT, 'package.json');
/** The worker thread that runs PGlite (`db/pglite-host.ts`). */
export const PGLITE_WORKER = new URL('./db/pglite-worker.mjs', import.meta.url);
