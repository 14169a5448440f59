import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { startPgCluster } from './pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    pgliteTemplateDir: string;
  }
}

export const PG_TEMPLATE = 'pitboss_template';

/**
 * Once per test run: a throwaway PostgreSQL cluster, and a migrated template of each database,
 * so every test file copies a ready database instead of creating one (PGlite's initdb takes seconds).
 * A missing PostgreSQL fails the run: no suite is skipped.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPgCluster();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'pitboss-test-'));
  try {
    await cluster.createDatabase(PG_TEMPLATE);
    const pgDb = await openDatabase({ url: cluster.url(PG_TEMPLATE), dataDir: '' });
    await migrate(pgDb);
    await pgDb.close();

    const templateDir = path.join(tmp, 'pglite-template');
    const liteDb = await openDatabase({ dataDir: templateDir });
    await migrate(liteDb);
    await liteDb.close();

    project.provide('pgAdminUrl', cluster.url());
    project.provide('pgTemplate', PG_TEMPLATE);
    project.provide('pgliteTemplateDir', templateDir);
  } catch (error) {
    await cluster.stop();
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
  return async () => {
    await cluster.stop();
    rmSync(tmp, { recursive: true, force: true });
  };
}
