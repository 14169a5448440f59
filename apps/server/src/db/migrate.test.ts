import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/test-app';
import { MIGRATIONS_DIR, migrate } from './migrate';

describeEachDatabase('migrations', (t) => {
  it('are recorded, and a second run applies nothing', async () => {
    const { rows } = await t.db.query<{ name: string }>('SELECT name FROM schema_migration ORDER BY name');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]?.name).toMatch(/^\d{8}_\d{4}_[a-z0-9_-]+\.sql$/);
    expect((await migrate(t.db)).applied).toEqual([]);
  });

  it('apply a new file once, and refuse an applied file that was edited', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-mig-'));
    try {
      const file = path.join(dir, '99990101_0001_probe.sql');
      writeFileSync(file, 'CREATE TABLE migration_probe (id int PRIMARY KEY);');
      expect((await migrate(t.db, dir)).applied).toEqual(['99990101_0001_probe.sql']);
      expect((await migrate(t.db, dir)).applied).toEqual([]);
      writeFileSync(file, 'CREATE TABLE migration_probe (id bigint PRIMARY KEY);');
      await expect(migrate(t.db, dir)).rejects.toThrow(/was changed after it was applied/);
    } finally {
      await t.db.query(`DELETE FROM schema_migration WHERE name = '99990101_0001_probe.sql'`);
      await t.db.query('DROP TABLE IF EXISTS migration_probe');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('roll back a failing file whole', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-mig-'));
    try {
      writeFileSync(
        path.join(dir, '99990101_0002_broken.sql'),
        'CREATE TABLE half_done (id int); SELECT no_such_function();',
      );
      await expect(migrate(t.db, dir)).rejects.toThrow(/99990101_0002_broken.sql failed/);
      const { rows } = await t.db.query(`SELECT to_regclass('half_done') AS t`);
      expect(rows[0]).toEqual({ t: null });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leads every tenant table primary key with cid', async () => {
    const { rows } = await t.db.query<{ table_name: string; first: string }>(
      `SELECT tc.table_name, kcu.column_name AS first
         FROM information_schema.table_constraints tc
         JOIN information_schema.key_column_usage kcu
           ON kcu.constraint_name = tc.constraint_name AND kcu.table_name = tc.table_name
        WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = 'public' AND kcu.ordinal_position = 1`,
    );
    const tenantTables = (
      await t.db.query<{ table_name: string }>(
        `SELECT DISTINCT c.table_name FROM information_schema.columns c
           JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
          WHERE c.table_schema = 'public' AND c.column_name = 'cid' AND t.table_type = 'BASE TABLE'`,
      )
    ).rows.map((r) => r.table_name);
    for (const table of tenantTables) {
      if (table === 'company') continue;
      expect(rows.find((r) => r.table_name === table)?.first, table).toBe('cid');
    }
    expect(MIGRATIONS_DIR).toContain('migrations');
  });
});
