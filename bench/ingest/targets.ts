import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type PgCluster, startPgCluster } from '@pitboss/server/testing';
import { clusterCpuSeconds, findPostmaster } from './cpu';

export type DatabaseKind = 'pglite' | 'postgres';

/** A fresh database for one run, and how the server and the COPY ceiling reach it. */
export interface Target {
  kind: DatabaseKind;
  /** Environment for the server: its database and a stand-in console. */
  env: Record<string, string>;
  /** CPU seconds used by database processes outside the server (PostgreSQL; 0 for PGlite, which runs inside it). */
  databaseCpu(): number;
  url?: string;
  dataDir?: string;
  dispose(): Promise<void>;
}

export async function prepareTarget(kind: DatabaseKind): Promise<Target> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), `pitboss-bench-${kind}-`));
  const consoleDir = path.join(tmp, 'console');
  mkdirSync(consoleDir);
  writeFileSync(path.join(consoleDir, 'version.json'), '{"version":"bench"}');
  const base = { PITBOSS_CONSOLE_DIR: consoleDir, PITBOSS_ADMIN_PASSWORD: 'bench-password-1' };
  if (kind === 'pglite') {
    const dataDir = path.join(tmp, 'data');
    return {
      kind,
      env: { ...base, PITBOSS_DATA_DIR: dataDir },
      dataDir,
      databaseCpu: () => 0,
      dispose: async () => rmSync(tmp, { recursive: true, force: true }),
    };
  }
  // A durable cluster (fsync and synchronous commit on), as in production; the test clusters run without.
  const cluster: PgCluster = await startPgCluster({ fsync: true });
  const url = await cluster.createDatabase('pitboss_bench');
  const postmaster = findPostmaster(cluster.port);
  return {
    kind,
    env: { ...base, DATABASE_URL: url },
    url,
    databaseCpu: () => (postmaster ? clusterCpuSeconds(postmaster) : 0),
    dispose: async () => {
      await cluster.stop();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
