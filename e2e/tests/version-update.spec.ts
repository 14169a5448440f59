import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_ADMIN, expect, expectScreen, loginThroughPage, test } from '../fixtures';

test('the update modal appears and counts down when the server version changes, then reloads', async ({ page }) => {
  const consoleDir = process.env.PITBOSS_E2E_CONSOLE_DIR;
  if (!consoleDir) throw new Error('PITBOSS_E2E_CONSOLE_DIR is not set');
  const versionFile = path.join(consoleDir, 'version.json');

  await loginThroughPage(page, E2E_ADMIN.account, E2E_ADMIN.password);
  await expectScreen(page, '/dashboard');
  const before = JSON.parse(readFileSync(versionFile, 'utf8')) as { version: string };
  // Let the socket connect and the client read its own version first.
  await page.waitForTimeout(1000);
  await expect(page.locator('.pb-update-modal')).toHaveCount(0);

  writeFileSync(versionFile, JSON.stringify({ version: `${before.version}-e2e-${Date.now()}` }));
  const modal = page.getByRole('dialog', { name: '產品更新通知' });
  await expect(modal).toBeVisible({ timeout: 15_000 });
  const countdown = modal.getByTestId('update-countdown');
  const first = Number(await countdown.textContent());
  expect(first).toBeGreaterThan(5);
  expect(first).toBeLessThanOrEqual(10);
  await expect.poll(async () => Number(await countdown.textContent()), { timeout: 5_000 }).toBeLessThan(first);
  await expect(modal.getByTestId('update-now')).toBeVisible();

  // At 0 the page reloads; the reloaded page knows the new version and shows no modal.
  await page.waitForEvent('load', { timeout: 15_000 });
  await expect(page.getByTestId('page-title')).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.getByRole('dialog', { name: '產品更新通知' })).toHaveCount(0);
});
