import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_ADMIN, expect, expectScreen, loginThroughPage, pickMenuItem, test } from '../fixtures';

/** Picks a language in the header, until `<html lang>` follows. */
async function pickLanguage(page: Page, name: string, lang: string): Promise<void> {
  await pickMenuItem(page, page.getByTestId('language-select'), name, () =>
    expect(page.locator('html')).toHaveAttribute('lang', lang, { timeout: 5_000 }),
  );
}

test('the language switch changes texts and lang, is saved, and survives a reload', async ({ page, db }) => {
  const user = await db.user('admin', [1]);
  await loginThroughPage(page, user.account, user.password);
  await expectScreen(page, '/dashboard');
  // zh (Traditional Chinese) is the default.
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(page.getByTestId('page-title')).toHaveText('風控儀表板');

  await pickLanguage(page, 'English', 'en');
  await expect(page.getByTestId('page-title')).toHaveText('Risk dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Risk dashboard - Pitboss E2E');

  await pickLanguage(page, '简体中文', 'zh-CN');
  await expect(page.getByTestId('page-title')).toHaveText('风控仪表板');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('side-menu')).toContainText('查询工具');

  await page.reload();
  await expect(page.getByTestId('page-title')).toHaveText('风控仪表板');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  // Saved with the user: a fresh browser opens in it after login.
  const saved = await db.query<{ language: string }>('SELECT language FROM app_user WHERE aid = $1', [user.aid]);
  expect(saved[0]?.language).toBe('zh-CN');
});

test('Japanese and Thai exist but cannot be selected', async ({ page }) => {
  await loginThroughPage(page, E2E_ADMIN.account, E2E_ADMIN.password);
  await page.getByTestId('language-select').click();
  const names = await page.locator('.ant-dropdown').getByRole('menuitem').allTextContents();
  expect(names).toEqual(['English', '繁體中文', '简体中文']);
  // The bundles are built all the same (each its own chunk).
  const manifest = JSON.parse(
    readFileSync(path.join(process.env.PITBOSS_E2E_CONSOLE_DIR as string, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, unknown>;
  for (const language of ['ja', 'th']) expect(Object.keys(manifest)).toContain(`src/locales/${language}/common.json`);
});

test('dark mode is saved and survives a reload', async ({ page, db }) => {
  const user = await db.user('viewer', [1]);
  await loginThroughPage(page, user.account, user.password);
  await expectScreen(page, '/dashboard');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .not.toBe(lightBackground);

  await page.reload();
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect
    .poll(
      async () =>
        (await db.query<{ dark_mode: number }>('SELECT dark_mode FROM app_user WHERE aid = $1', [user.aid]))[0]
          ?.dark_mode,
    )
    .toBe(1);
});

test('the language and dark mode come from the user data at load', async ({ browser, db }) => {
  const user = await db.user('editor', [1]);
  await db.query("UPDATE app_user SET language = 'en', dark_mode = 1 WHERE aid = $1", [user.aid]);
  const context = await browser.newContext({ baseURL: process.env.PITBOSS_E2E_URL });
  const page = await context.newPage();
  await loginThroughPage(page, user.account, user.password);
  await expect(page.getByTestId('page-title')).toHaveText('Risk dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await context.close();
});
