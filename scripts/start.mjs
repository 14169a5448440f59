// `npm start`: builds what is missing or older than its sources (the console, the server, the demo
// feed), then runs the built server with plain `node` and, once it listens, the demo feed
// (packages/simulator/src/demo) as a second process, unless PITBOSS_DEMO=0. The feed is a platform like
// any other: it posts to the public ingest API with an ingest key that is made here once and kept in
// the data directory (`demo-feed.json`, with the feed's progress); the server registers that key for
// company 1 when it starts (PITBOSS_DEMO_INGEST_KEY).
//
// SIGINT (Ctrl-C) or SIGTERM stops both children (the server drains its requests) and exits 0 when
// they stopped cleanly. When the server ends by itself, the feed is stopped and the server's exit
// code is ours; when the feed ends by itself (the key was revoked), the server keeps running.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** What to build, when its output is missing or older than any of its sources. */
const builds = {
  console: {
    workspace: '@pitboss/console',
    output: at('apps/console/dist/index.html'),
    sources: ['apps/console/src', 'apps/console/public', 'apps/console/index.html', 'apps/console/vite.config.ts'],
  },
  server: {
    workspace: '@pitboss/server',
    output: at('apps/server/dist/main.mjs'),
    sources: ['apps/server/src', 'apps/server/package.json', 'packages/engine/src'],
  },
  'demo feed': {
    workspace: '@pitboss/simulator',
    output: at('packages/simulator/dist/demo-feed.mjs'),
    sources: ['packages/simulator/src', 'packages/simulator/package.json'],
  },
};
const shared = ['packages/contract/src', 'scripts/bundle.mjs', 'package-lock.json'];

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
/** The children a signal stopped: their exit codes count. */
const stopped = new Set();
let stopping = false;

function demoEnabled() {
  const value = (process.env.PITBOSS_DEMO ?? '').trim();
  if (['', '1', 'true'].includes(value)) return true;
  if (['0', 'false'].includes(value)) return false;
  console.error(`Invalid configuration:\n  PITBOSS_DEMO: expected 0, 1, true or false, not "${value}"`);
  process.exit(2);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale({ output, sources }) {
  if (!existsSync(output)) return true;
  return Math.max(...[...sources, ...shared].map((s) => newestMtime(at(s)))) > statSync(output).mtimeMs;
}

/** Runs a child that stops with us; resolves to its exit code (a signal counts as 1). */
function run(command, args, options) {
  const child = spawn(command, args, { cwd: process.cwd(), ...options });
  children.add(child);
  const exited = new Promise((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code ?? 1);
    }),
  );
  return { child, exited };
}

function stop(reason) {
  if (stopping) return;
  stopping = true;
  if (reason) console.log(`Stopping Pitboss (${reason})…`);
  for (const child of children) {
    stopped.add(child);
    child.kill('SIGTERM');
  }
}

/** The demo ingest key, made on the first start and kept (owner-only) in the data directory. */
function demoKey(file) {
  if (existsSync(file)) {
    let key;
    try {
      key = JSON.parse(readFileSync(file, 'utf8')).key;
    } catch (error) {
      console.error(`Cannot read ${file} (${error.message}): delete it to start the demo feed afresh.`);
      process.exit(1);
    }
    if (typeof key === 'string') return key;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const key = `pbk_${randomBytes(24).toString('base64url')}`;
  writeFileSync(file, `${JSON.stringify({ key }, null, 2)}\n`, { mode: 0o600 });
  return key;
}

/** Where the server answers this machine: loopback when it listens on every address. */
function loopbackUrl(port) {
  const host = process.env.HOST || '0.0.0.0';
  const local = ['0.0.0.0', '::', 'localhost'].includes(host) ? '127.0.0.1' : host;
  return `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
}

process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
// Our parent gone (npm killed, or a shell that does not pass signals on) stops us too.
const parent = process.ppid;
setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch (error) {
    if (error.code === 'ESRCH') stop('the parent process exited');
  }
}, 1_000).unref();

const demo = demoEnabled();
for (const [name, build] of Object.entries(builds)) {
  if (name === 'console' && process.env.PITBOSS_CONSOLE_DIR) continue;
  if (name === 'demo feed' && !demo) continue;
  if (stopping || !isStale(build)) continue;
  console.log(`Building the ${name}…`);
  const code = await run('npm', ['run', 'build', '-w', build.workspace], { cwd: root, stdio: 'inherit' }).exited;
  if (stopping) process.exit(0);
  if (code !== 0) {
    console.error(`The ${name} build failed; see above.`);
    process.exit(code);
  }
}

const dataDir = path.resolve(process.env.PITBOSS_DATA_DIR || './data');
const stateFile = path.join(dataDir, 'demo-feed.json');
const key = demo ? demoKey(stateFile) : undefined;
const env = { ...process.env, PITBOSS_DEMO_INGEST_KEY: key ?? '' };
// `inherit` plus an IPC channel: the server says when it listens, and notices when we are gone.
const stdio = ['inherit', 'inherit', 'inherit', 'ipc'];
const server = run(process.execPath, [builds.server.output], { env, stdio });
let feed;
server.child.on('message', (message) => {
  if (!demo || stopping || feed || message?.type !== 'listening') return;
  feed = run(process.execPath, [builds['demo feed'].output], {
    env: {
      ...env,
      PITBOSS_DEMO_URL: loopbackUrl(message.port),
      PITBOSS_DEMO_INGEST_KEY: key,
      PITBOSS_DEMO_STATE: stateFile,
    },
    stdio,
  });
  feed.exited.then((code) => {
    if (code !== 0 && !stopped.has(feed.child)) {
      console.error(`The demo feed exited with code ${code}; the server keeps running.`);
    }
  });
});
const serverCode = await server.exited;
// When the server ended by itself (a start that failed, or a crash), the feed goes with it.
stop();
const feedCode = feed && stopped.has(feed.child) ? await feed.exited : 0;
process.exit(serverCode || feedCode);
