import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SHOWCASE_KINDS, showcasePlant } from '@pitboss/simulator/demo';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { DATABASE_KINDS, type DatabaseKind } from './testing/test-app';

/**
 * Issue 21, item 11: `npm run admin -- backup FILE` of an installation with events and alerts, then
 * `restore FILE` into a fresh one (an empty PostgreSQL database, a new data directory) gives the same
 * events and the same alerts, in a database the server opens and migrates as its own.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'backup-test-password';
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

function admin(env: Record<string, string>, ...args: string[]) {
  const full: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', ...env };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  const res = spawnSync(process.execPath, ['scripts/admin.mjs', ...args], { cwd: ROOT, env: full, encoding: 'utf8' });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

/** A database of `kind`: migrated (from the run's template) or empty, with the env that names it. */
async function database(
  kind: DatabaseKind,
  migrated: boolean,
): Promise<{ env: Record<string, string>; open(): Promise<Database> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-backup-'));
    if (migrated) cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
    else rmSync(dir, { recursive: true });
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    return { env: { PITBOSS_DATA_DIR: dir }, open: () => openDatabase({ dataDir: dir }) };
  }
  const name = `backup_${randomUUID().replaceAll('-', '')}`;
  const adminUrl = inject('pgAdminUrl');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}" TEMPLATE "${migrated ? inject('pgTemplate') : 'template0'}"`);
  await client.end();
  cleanup.push(async () => {
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await drop.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-backup-data-'));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return {
    env: { DATABASE_URL: url.toString(), PITBOSS_DATA_DIR: dataDir },
    open: () => openDatabase({ url: url.toString(), dataDir: '' }),
  };
}

/** Runs the app on `db`, ingests showcase plants (a player alert climbing levels, opposing bets). */
async function populate(db: Database, env: Record<string, string>): Promise<void> {
  const consoleDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-backup-console-'));
  cleanup.push(() => rmSync(consoleDir, { recursive: true, force: true }));
  writeFileSync(path.join(consoleDir, 'version.json'), JSON.stringify({ version: 'backup' }));
  const config = loadConfig({
    ...env,
    PITBOSS_DATA_DIR: env.PITBOSS_DATA_DIR ?? consoleDir,
    PITBOSS_ADMIN_PASSWORD: PASSWORD,
    PITBOSS_CONSOLE_DIR: consoleDir,
    PITBOSS_DEMO: '0',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, db, logger: false });
  try {
    await bootstrap(app);
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { Account: 'admin', Password: PASSWORD },
    });
    const token = (login.json() as { token: string }).token;
    const created = await app.inject({
      method: 'POST',
      url: '/api/v2/system/ingest-keys',
      headers: { authorization: `Bearer ${token}` },
      payload: { Name: 'backup test' },
    });
    const key = (created.json() as { data: { Key: string } }).data.Key;
    for (const [n, kind] of (['win-streak', 'opposing-bets'] as (typeof SHOWCASE_KINDS)[number][]).entries()) {
      const plant = showcasePlant(kind, { run: 'backup', n, currency: 'USD' });
      let now = Date.now() - 120_000;
      for (const step of plant.steps) {
        now += Math.min(step.afterMs, 10_000);
        const res = await app.inject({
          method: 'POST',
          url: '/api/v2/ingest/events',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          payload: JSON.stringify(step.events(now)),
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
  } finally {
    await app.close();
  }
}

/** The events and alerts of an installation, as text, in a stable order. */
async function contents(db: Database): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of ['stored_event', 'bet', 'player_alert', 'laundering_alert', 'game_rtp_alert', 'app_user']) {
    const { rows } = await db.query<{ j: string }>(`SELECT to_jsonb(x)::text AS j FROM ${table} x ORDER BY 1`);
    out[table] = rows.map((r) => r.j);
  }
  return out;
}

describe.each(DATABASE_KINDS)('backup and restore [%s]', (kind) => {
  it('restores into a fresh installation the same events and alerts', async () => {
    const source = await database(kind, true);
    const db = await source.open();
    let before: Record<string, string[]>;
    try {
      await populate(db, source.env);
      before = await contents(db);
    } finally {
      await db.close();
    }
    expect(before.stored_event?.length).toBeGreaterThan(10);
    expect(before.player_alert?.length).toBeGreaterThan(0);
    expect(before.laundering_alert?.length).toBeGreaterThan(0);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-backup-file-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'pitboss.backup');
    const backup = admin(source.env, 'backup', file);
    expect(backup.code, backup.err).toBe(0);
    expect(admin(source.env, 'backup', file).code, 'an existing file is not overwritten').toBe(2);

    const fresh = await database(kind, false);
    const restore = admin(fresh.env, 'restore', file);
    expect(restore.code, restore.err).toBe(0);
    // A second restore into the now full installation is refused, changing nothing.
    expect(admin(fresh.env, 'restore', file).code).not.toBe(0);

    const restored = await fresh.open();
    try {
      await migrate(restored);
      expect(await contents(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 180_000);
});
