import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-admin-'));

function admin(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, PITBOSS_DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const res = spawnSync(process.execPath, ['scripts/admin.mjs', ...args], { cwd: ROOT, env, encoding: 'utf8' });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin', () => {
  it('lists the commands of scripts/admin/ and refuses an unknown one', () => {
    const usage = admin();
    expect(usage.code).toBe(0);
    expect(usage.out).toMatch(/reset-password\s+ACCOUNT/);
    expect(usage.out).toMatch(/unlock\s+ACCOUNT/);
    expect(usage.out).not.toMatch(/_server/);
    const unknown = admin('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/Unknown command: frobnicate/);
  });

  it('opens the installation database: unknown accounts are said so, unlock answers what it cleared', () => {
    const reset = admin('reset-password', 'ghost');
    expect(reset.code, reset.err).toBe(1);
    expect(reset.err).toMatch(/No account ghost/);
    const unlock = admin('unlock', 'ghost');
    expect(unlock.code, unlock.err).toBe(0);
    expect(unlock.out).toMatch(/ghost: 0 failed logins forgotten/);
    expect(admin('unlock').code).toBe(2);
  });
});
