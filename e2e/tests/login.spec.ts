import { cookie, E2E_ADMIN, expect, expectScreen, pickMenuItem, test } from '../fixtures';

test('an administrator logs in through the console and the token lands in a cookie', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Pitboss E2E');
  await page.locator('input#Account').fill(E2E_ADMIN.account);
  await page.locator('input#Password').fill(E2E_ADMIN.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/dashboard');
  const token = await cookie(context, 'token');
  expect(token?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(token?.path).toBe('/');
});

test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.locator('input#Account').fill(E2E_ADMIN.account);
  await page.locator('input#Password').fill('definitely-wrong');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('login-error')).toContainText('帳號或密碼錯誤');
  await expect(page).toHaveURL(/\/login/);
});

test('empty fields show the localized required message', async ({ page }) => {
  await page.goto('/login');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByText('請輸入帳號')).toBeVisible();
  await page.getByTestId('login-languages').getByRole('button', { name: 'English' }).click();
  await page.locator('button[type="submit"]').click();
  await expect(page.getByText('Please enter Account')).toBeVisible();
});

test('login and redirect round trip: the intended path survives the detour through login', async ({
  page,
  context,
}) => {
  await page.goto('/check-tool/event?Start=2026-11-01');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheck-tool%2Fevent%3FStart%3D2026-11-01$/);
  await page.locator('input#Account').fill(E2E_ADMIN.account);
  await page.locator('input#Password').fill(E2E_ADMIN.password);
  await page.locator('button[type="submit"]').click();
  await expectScreen(page, '/check-tool/event');
  expect(new URL(page.url()).search).toBe('?Start=2026-11-01');

  // After each check: role, publisher flag and price level in cookies for 365 days on path /.
  const role = await cookie(context, 'role');
  expect(role?.value).toBe('admin');
  expect(role?.path).toBe('/');
  expect(role?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600);
  expect((await cookie(context, 'isPublisher'))?.value).toBe('0');
  expect((await cookie(context, 'priceLevel'))?.value).toBe('platform');

  // A logged-in visitor of the login page goes to its redirect value, or to the dashboard.
  await page.goto('/login?redirect=%2Fmonitor%2Falert-events');
  await expectScreen(page, '/monitor/alert-events');
  await page.goto('/login');
  await expectScreen(page, '/dashboard');
  await page.goto('/resetPassword/some-token');
  await expectScreen(page, '/dashboard');
  // …but never to another site.
  await page.goto('/login?redirect=%2F%2Fevil.example%2Fx');
  await expectScreen(page, '/dashboard');
});

test('groups and unknown paths redirect as the route table says', async ({ page, loginAs }) => {
  // Unmatched → `/` → `/dashboard`, which needs a login.
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/login\?redirect=%2F(dashboard)?$/);
  await loginAs(E2E_ADMIN.account, E2E_ADMIN.password);
  await expectScreen(page, '/dashboard');
  for (const [from, to] of [
    ['/', '/dashboard'],
    ['/monitor', '/monitor/alert-setting'],
    ['/check-tool', '/check-tool/member-overview'],
    ['/notice-setting', '/notice-setting/mail-setting'],
    ['/setting', '/setting/users'],
    ['/monitor/no-such-screen', '/dashboard'],
    ['/no-such-page', '/dashboard'],
  ] as const) {
    await page.goto(from);
    await expectScreen(page, to);
  }
  // The development flag is on in the test server (PITBOSS_ENV=dev): the game dashboard exists.
  await page.goto('/operation-dashboard');
  await expectScreen(page, '/operation-dashboard');
  await expect(page).toHaveTitle(/^(遊戲儀表板|Game dashboard) - Pitboss E2E$/);
});

test('a failed auth check clears the session and returns to login with the intended path', async ({
  page,
  context,
  loginAs,
}) => {
  await loginAs(E2E_ADMIN.account, E2E_ADMIN.password);
  await expectScreen(page, '/dashboard');
  await context.addCookies([
    { name: 'token', value: 'not.a.token', url: process.env.PITBOSS_E2E_URL as string, expires: -1 },
  ]);
  // A navigation inside the console (no page load) checks again.
  const menu = page.getByTestId('side-menu');
  await menu.getByText('監控', { exact: true }).click();
  await menu.getByText('玩家白名單').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmonitor%2Fallowlist-setting$/);
  expect(await cookie(context, 'token')).toBeUndefined();
  expect(await cookie(context, 'role')).toBeUndefined();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('globalStore') ?? '{}'));
  expect(stored.state?.user ?? null).toBeNull();
});

test('logout clears the session', async ({ page, context, loginAs }) => {
  await loginAs(E2E_ADMIN.account, E2E_ADMIN.password);
  await expectScreen(page, '/dashboard');
  await pickMenuItem(page, page.getByTestId('user-menu'), /登出|Log out/, () =>
    expect(page).toHaveURL(/\/login$/, { timeout: 2_000 }),
  );
  expect(await cookie(context, 'token')).toBeUndefined();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test('Mail and none accounts cannot enter the console and are told why', async ({ page, db }) => {
  for (const role of ['mail', 'none']) {
    const user = await db.user(role, [1]);
    await page.goto('/login');
    await page.locator('input#Account').fill(user.account);
    await page.locator('input#Password').fill(user.password);
    await page.locator('button[type="submit"]').click();
    await expect(page.getByTestId('login-error')).toContainText('此帳號僅接收通知，無法登入後台');
    await expect(page).toHaveURL(/\/login/);
  }
});

test('registration and password-reset links open their public screens without a login', async ({ page }) => {
  await page.goto('/register/some-token');
  await expect(page.getByTestId('page-title')).toHaveText('註冊');
  await expect(page).toHaveTitle('註冊 - Pitboss E2E');
  await page.goto('/resetPassword/some-token');
  await expect(page.getByTestId('page-title')).toHaveText('重設密碼');
});
