import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A throwaway PostgreSQL cluster: initdb in a temporary folder, a free port on 127.0.0.1. */
export interface PgCluster {
  host: string;
  port: number;
  /** Connection string for `database` (default `postgres`). */
  url(database?: string): string;
  createDatabase(name: string, template?: string): Promise<string>;
  dropDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** Debian's server programs are not on PATH: look in /usr/lib/postgresql/<version>/bin. */
export function findPgBin(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const version = versions[0];
  if (!version) {
    throw new Error(
      'PostgreSQL server programs not found (looked in /usr/lib/postgresql/*/bin and $PG_BIN): install postgresql-15',
    );
  }
  return path.join(root, version, 'bin');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** PostgreSQL refuses to run as root: run its programs as the `postgres` user then. */
function postgresUser(): { uid: number; gid: number } | Record<string, never> {
  if (!isRoot) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`postgres exited with code ${child.exitCode}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`PostgreSQL did not start within ${timeoutMs} ms: ${String(lastError)}`);
}

export async function startPgCluster(options: { fsync?: boolean } = {}): Promise<PgCluster> {
  const bin = findPgBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-pg-'));
  const dataDir = path.join(dir, 'data');
  chmodSync(dir, 0o777);
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const user = postgresUser();
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { stdio: 'pipe', ...user },
  );
  const port = await freePort();
  const fsync = options.fsync ? 'on' : 'off';
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `fsync=${fsync}`,
    '-c',
    `synchronous_commit=${fsync}`,
    '-c',
    `full_page_writes=${fsync}`,
    '-c',
    'max_connections=200',
    '-c',
    'shared_buffers=256MB',
  ];
  const child = spawn(path.join(bin, 'postgres'), args, { stdio: ['ignore', 'ignore', 'pipe'], ...user });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const host = '127.0.0.1';
  const url = (database = 'postgres') => `postgres://postgres@${host}:${port}/${database}`;
  try {
    await waitReady(url(), child, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }

  const admin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };

  let stopped: Promise<void> | undefined;
  return {
    host,
    port,
    url,
    async createDatabase(name, template) {
      await admin((c) => c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`));
      return url(name);
    },
    async dropDatabase(name) {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGINT'); // fast shutdown
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      });
      return stopped;
    },
  };
}
