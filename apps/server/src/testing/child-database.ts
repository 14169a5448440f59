import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/database';
import type { DatabaseKind } from './test-app';

/** A fresh migrated database for a child server: its environment, a way to open it, and its removal. */
export interface ChildDatabase {
  /** `PITBOSS_DATA_DIR` (embedded) or `DATABASE_URL` (PostgreSQL), for `startChildServer`. */
  env: Record<string, string>;
  /** Opens it from the test (an embedded one only while no child server owns it). */
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

/**
 * A copy of the migrated template of the vitest global setup: a data directory for the embedded database,
 * or a database created from the template on the throwaway PostgreSQL cluster. `name` tells them apart.
 */
export async function prepareChildDatabase(kind: DatabaseKind, name: string): Promise<ChildDatabase> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), `pitboss-${name}-`));
    cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
    return {
      env: { PITBOSS_DATA_DIR: dir },
      open: () => openDatabase({ dataDir: dir }),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const database = `${name}_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}" TEMPLATE "${inject('pgTemplate')}"`);
  await admin.end();
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${database}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ url: url.toString(), dataDir: '' }),
    dispose: async () => {
      const drop = new pg.Client({ connectionString: inject('pgAdminUrl') });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await drop.end();
    },
  };
}
