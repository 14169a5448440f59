// Measures the JavaScript Chromium loads for the console's /login (target: ≤ 250 KB gzip, DESIGN §9)
// and, after logging in, for /dashboard; lists every screen's own lazy chunk from the build manifest.
// Run: npm run build && npx tsx bench/console-size.ts   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadConfig, startServer } from '@pitboss/server';
import { freePort } from '@pitboss/server/testing';
import { chromium, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const consoleDir = path.join(root, 'apps/console/dist');
const manifestFile = path.join(consoleDir, '.vite/manifest.json');
const LOGIN_TARGET_KB = 250;

interface Loaded {
  url: string;
  raw: number;
  gzip: number;
}

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

/** Records every JavaScript response of the page from now on. */
function recordScripts(page: Page): Loaded[] {
  const loaded: Loaded[] = [];
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    try {
      const body = await response.body();
      loaded.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
    } catch {
      // A response without a body (redirect) carries no script.
    }
  });
  return loaded;
}

function total(loaded: Loaded[]): { raw: number; gzip: number } {
  return loaded.reduce((sum, l) => ({ raw: sum.raw + l.raw, gzip: sum.gzip + l.gzip }), { raw: 0, gzip: 0 });
}

function printLoaded(title: string, loaded: Loaded[]): void {
  const sum = total(loaded);
  console.log(`\n${title}: ${loaded.length} scripts, ${kb(sum.raw)} KB raw, ${kb(sum.gzip)} KB gzip`);
  for (const l of [...loaded].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${kb(l.gzip).padStart(7)} KB  ${l.url}`);
  }
}

interface ManifestChunk {
  file: string;
  src?: string;
  isDynamicEntry?: boolean;
}

function screenChunks(): { src: string; file: string; gzip: number }[] {
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  return Object.values(manifest)
    .filter((c) => c.isDynamicEntry && c.src && /src\/features\/.+Page\.tsx$/.test(c.src))
    .map((c) => ({
      src: c.src as string,
      file: c.file,
      gzip: gzipSync(readFileSync(path.join(consoleDir, c.file))).length,
    }))
    .sort((a, b) => a.src.localeCompare(b.src));
}

async function main(): Promise<void> {
  if (!existsSync(path.join(consoleDir, 'index.html'))) throw new Error('Build the console first: npm run build');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-size-'));
  const password = 'bench-admin-password';
  const server = await startServer(
    loadConfig({
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      PITBOSS_DATA_DIR: dataDir,
      PITBOSS_ADMIN_PASSWORD: password,
      PITBOSS_DEMO: '0',
      LOG_LEVEL: 'warn',
    }),
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const loginScripts = recordScripts(page);
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.locator('input#Account').waitFor();
    const login = total(loginScripts);
    printLoaded('/login (cold cache)', loginScripts);

    const dashboardScripts = recordScripts(page);
    await page.locator('input#Account').fill('admin');
    await page.locator('input#Password').fill(password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('page-title').waitFor();
    await page.waitForLoadState('networkidle');
    printLoaded('then /dashboard after logging in (additional scripts)', dashboardScripts);

    const chunks = screenChunks();
    console.log(`\nScreen chunks (${chunks.length}), gzip of each screen's own chunk:`);
    for (const c of chunks)
      console.log(`  ${kb(c.gzip).padStart(7)} KB  ${c.src.replace(/^.*src\//, 'src/')}  →  ${c.file}`);

    const verdict = login.gzip / 1024 <= LOGIN_TARGET_KB ? 'MET' : 'NOT MET';
    console.log(`\n/login JavaScript: ${kb(login.gzip)} KB gzip (target ≤ ${LOGIN_TARGET_KB} KB): ${verdict}`);
    if (verdict !== 'MET') process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
