// `npm test`: every suite, in order — unit and server tests (vitest, on the embedded database and on
// a throwaway PostgreSQL cluster, and `npm start` itself), then the build (server, demo feed, console)
// and the browser tests in Chromium (they run the server from source; they need the built console).
// A suite that cannot run fails the whole run; nothing is skipped.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const steps = [
  ['unit and server tests', 'npx', ['vitest', 'run']],
  ['build', 'npm', ['run', 'build']],
  ['browser tests', 'npm', ['test', '-w', '@pitboss/e2e']],
];

const results = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  if (status !== 0 && name === 'build') break;
}
console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok);
if (failed.length > 0 || results.length < steps.length) process.exit(1);
