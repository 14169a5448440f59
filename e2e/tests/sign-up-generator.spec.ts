import { expect, loginInEnglish, loginThroughPage, pickOption, test } from '../fixtures';
import { expectedMenu, visibleMenu } from '../fixtures/menu';
import { unique } from '../fixtures/seed';

// Whole journeys through several screens and mails: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

test('registration-link generator: a publisher admin makes a link, a newcomer registers with it and gets that role', async ({
  page,
  browser,
  db,
}) => {
  const { staff, name: company } = await db.companyWithStaff(2);
  await loginInEnglish(page, staff.admin.account, staff.admin.password);
  await page.goto('/sign-up-generator');
  const pending = page.getByTestId('pending-links');
  await expect(pending.locator('tr[data-row-key]')).toHaveCount(0);
  await pickOption(page, page.locator('#Tags'), 'Editor');
  await expect(page.locator('.ant-form-item', { hasText: 'Company' })).toContainText(company);
  await page.getByRole('button', { name: 'Generate link' }).click();
  const url = (await page.getByTestId('generated-url').innerText()).trim();
  expect(url).toMatch(new RegExp(`^${process.env.PITBOSS_E2E_URL}/register/\\d+-`));
  await expect(pending.locator('tr[data-row-key]')).toHaveCount(1);
  await expect(pending).toContainText('Editor');

  // A newcomer opens it in their browser and creates an account.
  const theirs = await browser.newContext();
  const newcomer = await theirs.newPage();
  await newcomer.goto(url);
  await expect(newcomer.getByTestId('register-invitation')).toContainText(company);
  const account = unique('newcomer');
  await newcomer.locator('#Account').fill(account);
  await newcomer.locator('#Name').fill('New Comer');
  await newcomer.locator('#Mail').fill(`${account}@example.com`);
  await newcomer.locator('#Password').fill('Lanterns-by-the-bay-9');
  await newcomer.locator('#confirm').fill('Lanterns-by-the-bay-9');
  await newcomer.getByRole('button', { name: /^註\s*冊$/ }).click();
  await newcomer.getByTestId('to-login').click();
  await loginThroughPage(newcomer, account, 'Lanterns-by-the-bay-9');
  expect(await visibleMenu(newcomer)).toEqual(expectedMenu('editor', 'publisher'));

  // Used: no longer outstanding.
  await page.reload();
  await expect(pending.locator('tr[data-row-key]')).toHaveCount(0);
  await theirs.close();
});

test('a generated link can be withdrawn and then fails with the fixed message', async ({ page, browser, db }) => {
  const { staff } = await db.companyWithStaff(2);
  await loginInEnglish(page, staff.admin.account, staff.admin.password);
  await page.goto('/sign-up-generator');
  await page.getByRole('button', { name: 'Generate link' }).click();
  const url = (await page.getByTestId('generated-url').innerText()).trim();
  const pending = page.getByTestId('pending-links');
  await pending.getByRole('button', { name: 'Withdraw' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
  await expect(pending.locator('tr[data-row-key]')).toHaveCount(0);
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(url);
  await expect(other.getByTestId('register-failure')).toHaveText('註冊連結驗證失敗，請聯繫客服');
  await context.close();
});
