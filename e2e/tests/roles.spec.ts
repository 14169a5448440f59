import { expect, expectScreen, loginThroughPage, test } from '../fixtures';
import { expectedMenu, PLATFORM_AND_AGGREGATOR_ONLY, visibleMenu } from '../fixtures/menu';
import type { Login } from '../fixtures/seed';

const NOTICE_AND_ADMIN = ['/notice-setting/mail-setting', '/notice-setting/telegram-bot-setting'];
const ADMIN_ONLY = ['/setting/users', '/setting/system-setting'];
const PUBLISHER_ADMIN_ONLY = ['/sign-up-generator', '/reconcile/workflow', '/reconcile/report'];

async function expectSentAway(page: import('@playwright/test').Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
    await expectScreen(page, '/dashboard');
  }
}

test.describe('each role sees exactly its menus and is sent away from the rest', () => {
  let staff: Record<'admin' | 'editor' | 'viewer', Login>;
  test.beforeAll(async () => {
    const { seed } = await import('../fixtures/seed');
    staff = (await seed.companyWithStaff(1)).staff;
  });

  test('admin', async ({ page }) => {
    await loginThroughPage(page, staff.admin.account, staff.admin.password);
    expect(await visibleMenu(page)).toEqual(expectedMenu('admin', 'platform'));
    for (const path of [...NOTICE_AND_ADMIN, ...ADMIN_ONLY]) {
      await page.goto(path);
      await expectScreen(page, path);
    }
    // requireIP: a platform company is no game publisher.
    await expectSentAway(page, PUBLISHER_ADMIN_ONLY);
  });

  test('editor', async ({ page }) => {
    await loginThroughPage(page, staff.editor.account, staff.editor.password);
    expect(await visibleMenu(page)).toEqual(expectedMenu('editor', 'platform'));
    for (const path of NOTICE_AND_ADMIN) {
      await page.goto(path);
      await expectScreen(page, path);
    }
    await expectSentAway(page, [...ADMIN_ONLY, '/setting', ...PUBLISHER_ADMIN_ONLY]);
  });

  test('viewer', async ({ page }) => {
    await loginThroughPage(page, staff.viewer.account, staff.viewer.password);
    expect(await visibleMenu(page)).toEqual(expectedMenu('viewer', 'platform'));
    await page.goto('/check-tool/trade');
    await expectScreen(page, '/check-tool/trade');
    await expectSentAway(page, [...NOTICE_AND_ADMIN, '/notice-setting', ...ADMIN_ONLY, ...PUBLISHER_ADMIN_ONLY]);
  });
});

test('a publisher company cannot open the platform/aggregator-only pages', async ({ page, db }) => {
  const { staff } = await db.companyWithStaff(2);
  await loginThroughPage(page, staff.admin.account, staff.admin.password);
  expect(await visibleMenu(page)).toEqual(expectedMenu('admin', 'publisher'));
  await expectSentAway(page, PLATFORM_AND_AGGREGATOR_ONLY);
  for (const path of ['/setting/currency-setting', ...PUBLISHER_ADMIN_ONLY]) {
    await page.goto(path);
    await expectScreen(page, path);
  }
});

test('a platform company cannot open currency settings; an aggregator can open both', async ({ page, db }) => {
  const platform = await db.companyWithStaff(1);
  await loginThroughPage(page, platform.staff.admin.account, platform.staff.admin.password);
  await expectSentAway(page, ['/setting/currency-setting']);

  const aggregator = await db.companyWithStaff(3);
  await page.context().clearCookies();
  await loginThroughPage(page, aggregator.staff.admin.account, aggregator.staff.admin.password);
  expect(await visibleMenu(page)).toEqual(expectedMenu('admin', 'aggregator'));
  for (const path of ['/setting/currency-setting', ...PLATFORM_AND_AGGREGATOR_ONLY]) {
    await page.goto(path);
    await expectScreen(page, path);
  }
  await expectSentAway(page, PUBLISHER_ADMIN_ONLY);
});

test('switching company re-scopes the token, the menu and the guard', async ({ page, context, db }) => {
  const platform = await db.company('Switch Platform', 1);
  const publisher = await db.company('Switch Publisher', 2);
  const user = await db.user('admin', [platform, publisher]);
  await loginThroughPage(page, user.account, user.password);
  await page.goto('/monitor/laundering-search');
  await expectScreen(page, '/monitor/laundering-search');
  const before = (await context.cookies()).find((c) => c.name === 'token')?.value;

  await page.getByTestId('company-select').click();
  await page.getByRole('option', { name: /Switch Publisher/ }).click();
  // The publisher may not open the laundering search: the guard runs again and leaves it.
  await expectScreen(page, '/dashboard');
  const after = (await context.cookies()).find((c) => c.name === 'token')?.value;
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
  expect((await context.cookies()).find((c) => c.name === 'priceLevel')?.value).toBe('publisher');
  expect(await visibleMenu(page)).toEqual(expectedMenu('admin', 'publisher'));
});
