// Measures the JavaScript Chromium loads for the console's /login (target: ≤ 250 KB gzip, DESIGN §9);
// what a logged-out visitor downloads when opening a protected URL (a bookmark) before landing on
// /login (target: no more than /login itself: the guard decides before anything protected loads);
// and, after logging in, for /dashboard; lists every screen's own lazy chunk from the build manifest; fails
// when a script of /login holds zod.
// Every script response counts (Chromium's own record, cold cache per case), not the build manifest.
// Run: npm run build && npx tsx bench/console-size.ts [--protected /path …]
//   --protected  a protected URL to open logged out (repeatable; default /dashboard and a deep screen)
//   CHROMIUM_PATH overrides /usr/bin/chromium
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { loadConfig, startServer } from '@pitboss/server';
import { freePort } from '@pitboss/server/testing';
import { type Browser, chromium, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const consoleDir = path.join(root, 'apps/console/dist');
const manifestFile = path.join(consoleDir, '.vite/manifest.json');
const LOGIN_TARGET_KB = 250;
/** Protected URLs a logged-out visitor opens: the home screen and a deep screen with lists and CSV. */
const DEFAULT_PROTECTED = ['/dashboard', '/monitor/blocklist-setting?tab=apis'];

function protectedUrls(args: string[]): string[] {
  const { values } = parseArgs({ args, options: { protected: { type: 'string', multiple: true } } });
  return values.protected?.length ? values.protected : DEFAULT_PROTECTED;
}

interface Loaded {
  url: string;
  raw: number;
  gzip: number;
  /** The script holds zod (its error class name survives minification). */
  zod: boolean;
}

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

interface Recording {
  loaded: Loaded[];
  /** Resolves once every body seen so far has been read. */
  settled: () => Promise<Loaded[]>;
}

/** Records every JavaScript response of the page from now on. */
function recordScripts(page: Page): Recording {
  const loaded: Loaded[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    pending.push(
      response.body().then(
        (body) => {
          loaded.push({
            url: new URL(response.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body).length,
            zod: body.includes('ZodError'),
          });
        },
        () => {
          // A response without a body (redirect) carries no script.
        },
      ),
    );
  });
  return {
    loaded,
    settled: async () => {
      await Promise.all(pending);
      return loaded;
    },
  };
}

function total(loaded: Loaded[]): { raw: number; gzip: number } {
  return loaded.reduce((sum, l) => ({ raw: sum.raw + l.raw, gzip: sum.gzip + l.gzip }), { raw: 0, gzip: 0 });
}

/** A logged-out visitor (fresh context: no cookies, cold cache) opens `target` and lands on /login. */
async function loggedOutVisit(browser: Browser, baseUrl: string, target: string): Promise<Loaded[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const recording = recordScripts(page);
    await page.goto(`${baseUrl}${target}`, { waitUntil: 'networkidle' });
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === target);
    await page.locator('input#Account').waitFor();
    await page.waitForLoadState('networkidle');
    return await recording.settled();
  } finally {
    await context.close();
  }
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
    const loginRecording = recordScripts(page);
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.locator('input#Account').waitFor();
    await page.waitForLoadState('networkidle');
    const loginScripts = await loginRecording.settled();
    const login = total(loginScripts);
    printLoaded('/login (cold cache)', loginScripts);

    const loggedOut: { target: string; gzip: number }[] = [];
    for (const target of protectedUrls(process.argv.slice(2))) {
      const scripts = await loggedOutVisit(browser, server.url, target);
      printLoaded(`${target} logged out, until /login (cold cache)`, scripts);
      loggedOut.push({ target, gzip: total(scripts).gzip });
    }

    const dashboardRecording = recordScripts(page);
    await page.locator('input#Account').fill('admin');
    await page.locator('input#Password').fill(password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('page-title').waitFor();
    await page.waitForLoadState('networkidle');
    printLoaded('then /dashboard after logging in (additional scripts)', await dashboardRecording.settled());

    const chunks = screenChunks();
    console.log(`\nScreen chunks (${chunks.length}), gzip of each screen's own chunk:`);
    for (const c of chunks)
      console.log(`  ${kb(c.gzip).padStart(7)} KB  ${c.src.replace(/^.*src\//, 'src/')}  →  ${c.file}`);

    const verdict = login.gzip / 1024 <= LOGIN_TARGET_KB ? 'MET' : 'NOT MET';
    console.log(`\n/login JavaScript: ${kb(login.gzip)} KB gzip (target ≤ ${LOGIN_TARGET_KB} KB): ${verdict}`);
    // The contract's zod-free entry keeps zod out of the login path; only lazy screens with forms load it.
    const zod = loginScripts.filter((l) => l.zod).map((l) => l.url);
    console.log(`zod in the /login path: ${zod.length === 0 ? 'none' : zod.join(', ')}`);
    if (verdict !== 'MET' || zod.length > 0) process.exitCode = 1;
    for (const visit of loggedOut) {
      // Each file's gzip size is deterministic, so the same scripts as /login weigh exactly the same.
      const over = visit.gzip > login.gzip;
      console.log(
        `${visit.target} logged out: ${kb(visit.gzip)} KB gzip (target ≤ /login's ${kb(login.gzip)} KB): ${over ? 'NOT MET' : 'MET'}`,
      );
      if (over) process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
