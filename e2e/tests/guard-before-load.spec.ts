import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// The guard decides before anything protected loads: a logged-out visitor of a bookmarked screen
// downloads the same scripts as the login page itself, and none of the layout's or a screen's.

interface ManifestChunk {
  file: string;
  src?: string;
  isDynamicEntry?: boolean;
}

/** The chunks only a logged-in visitor needs: the layout, the screens' providers and every screen. */
function protectedChunks(): Map<string, string> {
  const dir = process.env.PITBOSS_E2E_CONSOLE_DIR as string;
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const chunks = new Map<string, string>();
  for (const chunk of Object.values(manifest)) {
    const src = chunk.src ?? '';
    const isProtected =
      src.startsWith('src/layout/') ||
      src === 'src/app/ScreenProviders.tsx' ||
      src === 'src/components/ScreenError.tsx' ||
      (/^src\/features\/.+Page\.tsx$/.test(src) && src !== 'src/features/auth/LoginPage.tsx');
    if (chunk.isDynamicEntry && isProtected) chunks.set(`/${chunk.file}`, src);
  }
  return chunks;
}

/** Opens `url` in a fresh context (no cookies, cold cache) and records every script it requests. */
async function scriptsOf(browser: Browser, baseURL: string, url: string, landed: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(url);
    await landed(page);
    await page.locator('input#Account').waitFor();
    await page.waitForLoadState('networkidle');
    return scripts;
  } finally {
    await context.close();
  }
}

test('a logged-out visit to a protected screen requests no layout or screen chunk and lands on /login', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL as string;
  const chunks = protectedChunks();
  // The manifest names what the test looks for (so a renamed file cannot make it pass by itself).
  expect([...chunks.values()]).toEqual(
    expect.arrayContaining([
      'src/layout/AppLayout.tsx',
      'src/app/ScreenProviders.tsx',
      'src/features/risk-dashboard/RiskDashboardPage.tsx',
      'src/features/blacklist/BlocklistSettingPage.tsx',
    ]),
  );

  const login = await scriptsOf(browser, base, '/login', async () => undefined);
  for (const [target, redirect] of [
    ['/dashboard', '/login?redirect=%2Fdashboard'],
    ['/monitor/blocklist-setting?tab=apis', '/login?redirect=%2Fmonitor%2Fblocklist-setting%3Ftab%3Dapis'],
  ] as const) {
    const visited = await scriptsOf(browser, base, target, async (page) => {
      await expect(page).toHaveURL(`${base}${redirect}`);
    });
    const loadedProtected = [...visited].filter((file) => chunks.has(file)).map((file) => chunks.get(file));
    expect(loadedProtected, target).toEqual([]);
    expect([...visited].sort(), target).toEqual([...login].sort());
  }
});
