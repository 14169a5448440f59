// `npm start`: builds the console when it is missing or older than its sources, then runs the
// server in this same process (TypeScript is loaded through tsx: there is no server build step).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const consoleDir = path.join(root, 'apps/console');
const built = path.join(consoleDir, 'dist/index.html');
const sources = [
  path.join(consoleDir, 'src'),
  path.join(consoleDir, 'public'),
  path.join(consoleDir, 'index.html'),
  path.join(consoleDir, 'vite.config.ts'),
  path.join(root, 'packages/contract/src'),
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const needsBuild = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
if (needsBuild && !process.env.PITBOSS_CONSOLE_DIR) {
  console.log('Building the console…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@pitboss/console'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The console build failed; see above.');
    process.exit(result.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/main.ts'));
