import { expect, expectScreen, loginInEnglish, loginThroughPage, pickOption, rowWith, test } from '../fixtures';

// Whole journeys through several screens and mails: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

test('exchange rates on a publisher company: add with validation, in force, history, edit, delete', async ({
  page,
  db,
}) => {
  const { staff } = await db.companyWithStaff(2);
  await loginInEnglish(page, staff.admin.account, staff.admin.password);
  await page.goto('/setting/currency-setting');
  const inForce = page.getByTestId('rates-in-force');
  await expect(inForce).toContainText('USD');
  await expect(inForce).toContainText('No exchange rates yet');

  // Two currencies from one date; a zero rate is refused on its field, nothing is saved.
  await page.getByRole('button', { name: 'Add rates' }).click();
  const dialog = page.getByTestId('rate-form');
  await dialog.locator('#Date').fill('2026-01-05');
  await dialog.locator('#Date').press('Enter');
  const rows = dialog.getByTestId('rate-row');
  await pickOption(page, rows.nth(0).getByRole('combobox'), 'TWD');
  await rows.nth(0).getByRole('spinbutton').fill('0');
  await dialog.getByRole('button', { name: 'Add a currency' }).click();
  await pickOption(page, rows.nth(1).getByRole('combobox'), 'EUR');
  await rows.nth(1).getByRole('spinbutton').fill('1.08');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(rows.nth(0).locator('.ant-form-item-explain-error')).toHaveText('Enter a rate greater than 0');
  await rows.nth(0).getByRole('spinbutton').fill('0.0312');
  await expect(rows.nth(0)).toContainText('1 TWD = ? USD');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('2 rates saved')).toBeVisible();

  await expect(rowWith(inForce, 'TWD')).toContainText('0.0312');
  await expect(rowWith(inForce, 'TWD')).toContainText('since 2026-01-05');
  const history = page.locator('.ant-card', { hasText: 'History' });
  await expect(rowWith(history, 'EUR')).toContainText('2026-01-05');

  // A newer TWD rate; the history keeps both, the rate in force on an earlier day stays the old one.
  await page.getByRole('button', { name: 'Add rates' }).click();
  await dialog.locator('#Date').fill('2026-02-01');
  await dialog.locator('#Date').press('Enter');
  await pickOption(page, rows.nth(0).getByRole('combobox'), 'TWD');
  await rows.nth(0).getByRole('spinbutton').fill('0.0315');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('1 rate saved')).toBeVisible();
  await expect(rowWith(inForce, 'TWD')).toContainText('0.0315');
  await expect(rowWith(history, 'TWD')).toHaveCount(2);
  await inForce.getByRole('textbox', { name: 'On' }).fill('2026-01-20');
  await inForce.getByRole('textbox', { name: 'On' }).press('Enter');
  await expect(rowWith(inForce, 'TWD')).toContainText('0.0312');

  // Edit the newer one, then delete it.
  const newer = rowWith(history, '2026-02-01');
  await newer.getByRole('button', { name: 'Edit' }).click();
  await rows.nth(0).getByRole('spinbutton').fill('0.0317');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(newer).toContainText('0.0317');
  await newer.getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('the TWD rate from 2026-02-01');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
  await expect(rowWith(history, 'TWD')).toHaveCount(1);

  // Filter the history by currency.
  await pickOption(page, history.getByRole('combobox', { name: 'Currency' }), 'EUR');
  await history.getByRole('button', { name: 'Search' }).click();
  await expect(history.locator('tr[data-row-key]')).toHaveCount(1);
  await expect(rowWith(history, 'EUR')).toBeVisible();
});

test('exchange rates are not reachable for a platform company', async ({ page, db }) => {
  const { staff } = await db.companyWithStaff(1);
  await loginThroughPage(page, staff.admin.account, staff.admin.password);
  await page.goto('/setting/currency-setting');
  await expectScreen(page, '/dashboard');
});
