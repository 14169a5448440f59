import { expect, expectScreen, loginInEnglish, test } from '../fixtures';

// Whole journeys through several screens and mails: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

test('an allowlist that leaves out the browser’s address refuses the login of the company’s users, naming the address', async ({
  page,
  db,
}) => {
  const { cid, staff } = await db.companyWithStaff(1);
  await db.query('INSERT INTO console_ip_allowlist (cid, entry, memo) VALUES ($1, $2, $3)', [
    cid,
    '203.0.113.0/24',
    'head office',
  ]);
  await page.goto('/login');
  await page.locator('input#Account').fill(staff.viewer.account);
  await page.locator('input#Password').fill(staff.viewer.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('login-error')).toHaveText(
    '您的位址 127.0.0.1 不允許使用本公司的後台，請聯絡管理員將它加入後台 IP 白名單。',
  );
  await expect(page).toHaveURL(/\/login/);

  // Once the list holds the address, the same login works.
  await db.query('INSERT INTO console_ip_allowlist (cid, entry) VALUES ($1, $2)', [cid, '127.0.0.0/8']);
  await page.locator('button[type="submit"]').click();
  await expectScreen(page, '/dashboard');
});

test('an admin edits the allowlist: their own address, the access check, and the lockout confirmation', async ({
  page,
  db,
}) => {
  const { staff } = await db.companyWithStaff(1);
  await loginInEnglish(page, staff.admin.account, staff.admin.password);
  await page.goto('/setting/system-setting');
  const card = page.getByTestId('ip-allowlist');
  await expect(card.getByTestId('current-ip')).toHaveText('127.0.0.1');
  await card.getByRole('button', { name: 'Check my access' }).click();
  await expect(card.getByTestId('ip-verdict')).toContainText('no list applies');
  // The separated spot for ingest keys is there.
  await expect(page.getByTestId('ingest-keys')).toContainText('Ingest keys');

  // A range with host bits is caught before saving, with what was meant.
  await card.getByRole('button', { name: 'Add an entry' }).click();
  const ip = card.getByRole('textbox', { name: 'Address or range' });
  await ip.last().fill('10.1.2.3/8');
  await card.getByRole('button', { name: 'Save list' }).click();
  await expect(card.locator('.ant-form-item-explain-error')).toHaveText(
    'This range has bits set after the prefix; did you mean 10.0.0.0/8?',
  );
  await ip.last().fill('203.0.113.0/24');
  await expect(card).toContainText('Your address 127.0.0.1 is not in this list.');

  // Saving a list without the own address asks first; cancelling saves nothing.
  await card.getByRole('button', { name: 'Save list' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('Lock yourself out?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(card.getByTestId('allowlist-row')).toHaveCount(0);

  // With the own address added, the list saves and the check says the address is allowed.
  await card.getByRole('button', { name: 'Add an entry' }).click();
  await ip.last().fill('203.0.113.0/24');
  await card.getByRole('button', { name: 'Add my address' }).click();
  await expect(ip.last()).toHaveValue('127.0.0.1');
  await card.getByRole('button', { name: 'Save list' }).click();
  await expect(page.getByText('The allowlist was saved (2 entries)')).toBeVisible();
  await card.getByRole('button', { name: 'Check my access' }).click();
  await expect(card.getByTestId('ip-verdict')).toContainText('127.0.0.1 may use this company');

  // Removing it and confirming the lockout ends the session; logging in again is refused.
  await card.getByTestId('allowlist-row').last().getByRole('button', { name: 'Remove' }).click();
  await card.getByRole('button', { name: 'Save list' }).click();
  await confirm.getByRole('button', { name: 'Save and log out' }).click();
  await page.locator('.ant-modal-confirm-warning').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.locator('input#Account').fill(staff.admin.account);
  await page.locator('input#Password').fill(staff.admin.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('login-error')).toContainText('Your address 127.0.0.1 is not allowed');
});
