import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `/proc/<pid>/stat`: its state letter and parent; undefined once the process is gone. */
function stat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: state ?? '', ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

/** Every process below `pid`. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const child = Number(entry);
    const parent = Number.isInteger(child) ? stat(child)?.ppid : undefined;
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found: number[] = [];
  const visit = (p: number) => {
    for (const c of children.get(p) ?? []) {
      found.push(c);
      visit(c);
    }
  };
  visit(pid);
  return found;
}

const running = (pid: number) => {
  const s = stat(pid);
  return s !== undefined && s.state !== 'Z';
};

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} within ${timeoutMs} ms; output:\n${output()}`);
}

// `npm start` (scripts/start.mjs) as a user runs it, on a free port and a fresh data directory (with a
// stand-in console, so that only the server and the demo feed are built when they are stale).
// The last case goes through npm itself (`npm start`, SIGTERM to the npm process), as an operator's
// `kill -TERM` or a service manager does: nothing may be left running.
describe.each([
  ['off', '0', 'node'],
  ['on', '1', 'node'],
  ['on', '1', 'npm'],
] as const)('npm start with the demo feed %s (%s, through %s)', (_, demo, launcher) => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const fn of cleanup.splice(0)) fn();
  });

  it('serves, then on SIGTERM stops the server and the feed and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-start-'));
    const consoleDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-start-console-'));
    writeFileSync(path.join(consoleDir, 'version.json'), JSON.stringify({ version: 'start-test' }));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const [command, args] =
      launcher === 'npm' ? ['npm', ['start', '--silent']] : [process.execPath, ['scripts/start.mjs']];
    const child: ChildProcess = spawn(command, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        PITBOSS_DATA_DIR: dataDir,
        PITBOSS_CONSOLE_DIR: consoleDir,
        PITBOSS_DEMO: demo,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let pids: number[] = [];
    cleanup.push(() => {
      // Whatever is left after a failure: only the processes this test started.
      for (const pid of [child.pid ?? 0, ...pids].filter((p) => p > 0 && running(p))) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(consoleDir, { recursive: true, force: true });
    });

    await until(
      'the server did not answer',
      async () => {
        if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
        const res = await fetch(`${url}/version.json`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
        return res?.ok === true && ((await res.json()) as { version: string }).version === 'start-test';
      },
      120_000,
      () => output,
    );
    const ingest = await fetch(`${url}/api/v2/ingest/events`, { method: 'POST', body: '[]' });
    expect(ingest.status).toBe(401);
    if (demo === '1') {
      // The feed's backfill starts once the server took its games: the key made by start.mjs got through.
      await until(
        'the demo feed did not start its backfill',
        () => output.includes('Demo feed: backfilling'),
        60_000,
        () => output,
      );
      const file = JSON.parse(readFileSync(path.join(dataDir, 'demo-feed.json'), 'utf8')) as { key: string };
      expect(file.key).toMatch(/^pbk_/);
    }
    pids = descendants(child.pid ?? 0);
    const commands = pids.map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
    expect(commands.filter((c) => c.includes('apps/server/dist/main.mjs'))).toHaveLength(1);
    expect(commands.filter((c) => c.includes('demo-feed.mjs'))).toHaveLength(demo === '1' ? 1 : 0);

    child.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 30_000))]);
    expect(code, output).toBe(0);
    expect(pids.filter(running)).toEqual([]);
  });
});
