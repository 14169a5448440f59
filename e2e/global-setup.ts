import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, startServer } from '@pitboss/server';
import { freePort, startPgCluster, startSmtpSink } from '@pitboss/server/testing';
import { chromiumPath } from './playwright.config';

export const E2E_ADMIN = { account: 'admin', password: 'e2e-admin-password' } as const;

/**
 * Starts one Pitboss server for the browser tests, over a throwaway PostgreSQL cluster so that tests
 * can seed fixtures (companies, users) with SQL. Its URL and database reach the tests through the
 * environment. Missing Chromium or a missing console build fail the run instead of skipping it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: install Debian's chromium package or set CHROMIUM_PATH`);
  }
  const builtDir = path.resolve(import.meta.dirname, '../apps/console/dist');
  if (!existsSync(path.join(builtDir, 'index.html'))) {
    throw new Error('The console is not built: run `npm run build` first (npm run test:e2e does)');
  }
  // A private copy of the build, so a test may rewrite its version.json (the version-update modal)
  // without touching the real dist/.
  const consoleDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-e2e-console-'));
  cpSync(builtDir, consoleDir, { recursive: true });
  const cluster = await startPgCluster();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-e2e-'));
  const databaseUrl = await cluster.createDatabase('pitboss_e2e');
  const port = await freePort();
  // A real SMTP server on 127.0.0.1: every mail it receives lands as a JSON file in mailDir, where the
  // tests (other processes) read it (`fixtures/mailbox.ts`).
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-e2e-mail-'));
  let received = 0;
  const smtp = await startSmtpSink({
    onMail: (mail) => {
      received += 1;
      const file = path.join(mailDir, `${String(received).padStart(6, '0')}.json`);
      writeFileSync(`${file}.tmp`, JSON.stringify(mail));
      renameSync(`${file}.tmp`, file);
    },
  });
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    PITBOSS_DATA_DIR: dataDir,
    PITBOSS_ADMIN_ACCOUNT: E2E_ADMIN.account,
    PITBOSS_ADMIN_PASSWORD: E2E_ADMIN.password,
    PITBOSS_TITLE: 'Pitboss E2E',
    PITBOSS_ENV: 'dev',
    PITBOSS_CONSOLE_DIR: consoleDir,
    PITBOSS_PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    // Block-API and other stand-ins listen on loopback, which the outbound rule refuses otherwise.
    PITBOSS_OUTBOUND_ALLOW: '127.0.0.1',
    LOG_LEVEL: 'warn',
  });
  // Every browser test logs in from 127.0.0.1: far more than the 30 attempts per address and quarter
  // hour a real client gets. The per-account limit stays.
  const server = await startServer({ ...config, loginLimits: { ...config.loginLimits, perIp: 10_000 } });
  process.env.PITBOSS_E2E_URL = server.url;
  process.env.PITBOSS_E2E_DATABASE_URL = databaseUrl;
  process.env.PITBOSS_E2E_CONSOLE_DIR = consoleDir;
  process.env.PITBOSS_E2E_MAIL_DIR = mailDir;
  return async () => {
    await server.stop();
    await smtp.close();
    rmSync(mailDir, { recursive: true, force: true });
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(consoleDir, { recursive: true, force: true });
  };
}
