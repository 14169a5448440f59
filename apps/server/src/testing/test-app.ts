import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../app';
import { bootstrap } from '../bootstrap';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/database';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export const TEST_ADMIN = { account: 'admin', password: 'admin-password-1' } as const;

/** A fresh, migrated database of the given kind, copied from the run's template. */
export async function openTestDatabase(kind: DatabaseKind): Promise<{ db: Database; dispose(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-lite-'));
    cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
    const db = await openDatabase({ dataDir: dir });
    return {
      db,
      async dispose() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), dataDir: '' });
  return {
    db,
    async dispose() {
      await db.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await drop.end();
    },
  };
}

export interface TestApp {
  kind: DatabaseKind;
  db: Database;
  app: FastifyInstance;
  config: Config;
  /** A folder standing in for the built console (holds `version.json`). */
  consoleDir: string;
  /** Logs in and answers the bearer token. */
  login(account?: string, password?: string): Promise<string>;
  /** `app.inject` with `Authorization: Bearer <token>` when a token is given. */
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestApp> {
  const { db, dispose } = await openTestDatabase(kind);
  const consoleDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-console-'));
  mkdirSync(consoleDir, { recursive: true });
  writeFileSync(path.join(consoleDir, 'version.json'), JSON.stringify({ version: 'test-1' }));
  const config = loadConfig({
    PITBOSS_DATA_DIR: consoleDir,
    PITBOSS_ADMIN_ACCOUNT: TEST_ADMIN.account,
    PITBOSS_ADMIN_PASSWORD: TEST_ADMIN.password,
    PITBOSS_CONSOLE_DIR: consoleDir,
    PITBOSS_DEMO: '0',
    LOG_LEVEL: 'silent',
    // Test stand-ins (block APIs, SMTP) listen on loopback, which the outbound rule refuses otherwise.
    PITBOSS_OUTBOUND_ALLOW: '127.0.0.1',
    ...env,
  });
  const app = await buildApp({ config, db, logger: false });
  await bootstrap(app);
  await app.ready();

  const call: TestApp['call'] = ({ token, ...options }) =>
    app.inject({
      ...options,
      headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  return {
    kind,
    db,
    app,
    config,
    consoleDir,
    call,
    async login(account = TEST_ADMIN.account, password = TEST_ADMIN.password) {
      const res = await call({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { Account: account, Password: password },
      });
      if (res.statusCode !== 200) throw new Error(`login ${account} failed: ${res.statusCode} ${res.body}`);
      return (res.json() as { token: string }).token;
    },
    async close() {
      await app.close();
      await dispose();
      rmSync(consoleDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the same tests against the embedded database and against PostgreSQL. The returned holder is
 * filled before the first test: use `t.app`, `t.call(...)`, `t.db` inside tests.
 */
export function describeEachDatabase(
  title: string,
  body: (t: TestApp) => void,
  env: Record<string, string> = {},
): void {
  describe.each(DATABASE_KINDS)(`${title} [%s]`, (kind) => {
    const holder = {} as TestApp;
    beforeAll(async () => {
      Object.assign(holder, await createTestApp(kind, env));
    });
    afterAll(async () => {
      await holder.close?.();
    });
    body(holder);
  });
}
