import { E2E_ADMIN, expect, expectScreen, loginThroughPage, test } from '../fixtures';

test.describe('at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu becomes a drawer and the page does not scroll sideways', async ({ page }) => {
    await loginThroughPage(page, E2E_ADMIN.account, E2E_ADMIN.password);
    await expectScreen(page, '/dashboard');
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await page.getByTestId('menu-toggle').click();
    const menu = page.getByTestId('side-menu');
    await expect(menu).toBeVisible();
    await menu.getByText('查詢工具', { exact: true }).click();
    await menu.getByText('遊戲總覽').click();
    await expectScreen(page, '/check-tool/win-lose-game');
    await expect(page.getByTestId('side-menu')).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The header still offers language, theme and the user menu.
    for (const id of ['language-select', 'theme-toggle', 'user-menu']) await expect(page.getByTestId(id)).toBeVisible();
  });
});

test.describe('at 1920 px wide', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('the menu is a sidebar that collapses', async ({ page }) => {
    await loginThroughPage(page, E2E_ADMIN.account, E2E_ADMIN.password);
    await expectScreen(page, '/dashboard');
    const menu = page.getByTestId('side-menu');
    await expect(menu).toBeVisible();
    const wide = (await menu.boundingBox())?.width ?? 0;
    await page.getByTestId('menu-toggle').click();
    await expect.poll(async () => (await menu.boundingBox())?.width ?? 0).toBeLessThan(wide / 2);
  });
});
