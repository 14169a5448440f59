import path from 'node:path';
import { type Page, test } from '@playwright/test';
import { E2E_ADMIN, loginThroughPage } from '../fixtures';

const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots');
const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;

async function setTheme(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((isDark) => {
    const key = 'globalStore';
    const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":1}');
    stored.state.dark = isDark;
    stored.state.theme = { algorithm: isDark ? 'dark' : 'default', colorPrimary: '#1677ff', colorError: '#ff4d4f' };
    stored.state.language = 'en';
    localStorage.setItem(key, JSON.stringify(stored));
  }, dark);
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${device} ${theme}`, async ({ browser }) => {
      const baseURL = process.env.PITBOSS_E2E_URL as string;
      const context = await browser.newContext({ viewport, baseURL });
      const page = await context.newPage();
      await page.goto('/login');
      await setTheme(page, theme === 'dark');
      await page.reload();
      await page.locator('input#Account').waitFor();
      await page.screenshot({ path: path.join(OUT, `login-${device}-${theme}.png`) });
      await loginThroughPage(page, E2E_ADMIN.account, E2E_ADMIN.password);
      // The user's stored preferences win at load; set this run's theme and language explicitly.
      await page.request.put('/api/v2/auth/update-user-preference', {
        data: { darkMode: theme === 'dark' ? 1 : 0, language: 'en' },
        headers: {
          authorization: `Bearer ${(await context.cookies()).find((c) => c.name === 'token')?.value}`,
        },
      });
      await page.goto('/monitor/alert-events');
      await page.getByTestId('page-title').waitFor();
      if (device === 'mobile') {
        await page.screenshot({ path: path.join(OUT, `dashboard-${device}-${theme}.png`) });
        await page.getByTestId('menu-toggle').click();
        await page.getByTestId('side-menu').waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(OUT, `menu-${device}-${theme}.png`) });
      } else {
        await page.locator('.ant-menu-submenu-title').first().waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(OUT, `dashboard-${device}-${theme}.png`) });
      }
      await context.close();
    });
  }
}

test('desktop light in Traditional Chinese, the default language', async ({ browser }) => {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: process.env.PITBOSS_E2E_URL });
  const page = await context.newPage();
  await loginThroughPage(page, E2E_ADMIN.account, E2E_ADMIN.password);
  await page.request.put('/api/v2/auth/update-user-preference', {
    data: { darkMode: 0, language: 'zh' },
    headers: { authorization: `Bearer ${(await context.cookies()).find((c) => c.name === 'token')?.value}` },
  });
  await page.goto('/check-tool/member-overview');
  await page.getByTestId('page-title').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, 'dashboard-desktop-light-zh.png') });
  await context.close();
});
