import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './pg-cluster';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');

/** A Pitboss server running as a child process (`node --import tsx apps/server/src/main.ts`), as in production. */
export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** The last lines the server wrote, for failure messages. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  /** Peak resident memory of the process so far, in bytes (Linux `VmHWM`), or null when unknown. */
  peakMemory(): number | null;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the server on a free port of 127.0.0.1 with `env` (a data directory or DATABASE_URL, and
 * whatever else the caller needs) and waits until it answers HTTP.
 */
export async function startChildServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), PITBOSS_DEMO: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: ChildServer = {
    url,
    child,
    exited,
    output: () => output,
    peakMemory() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
        return kb ? Number(kb) * 1024 : null;
      } catch {
        return null;
      }
    },
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output}`);
    try {
      await fetch(`${url}/version.json`, { signal: AbortSignal.timeout(2000) });
      return server;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  await server.kill();
  throw new Error(`The server did not answer within ${timeoutMs} ms:\n${output}`);
}
