import { E2E_ADMIN, expect, test } from '../fixtures';

test('an administrator logs in through the console and the token lands in a cookie', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Pitboss E2E');
  await page.locator('input#Account').fill(E2E_ADMIN.account);
  await page.locator('input#Password').fill(E2E_ADMIN.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/dashboard');
  const cookies = await context.cookies();
  const token = cookies.find((c) => c.name === 'token');
  expect(token?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(token?.path).toBe('/');
});

test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.locator('input#Account').fill(E2E_ADMIN.account);
  await page.locator('input#Password').fill('definitely-wrong');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
