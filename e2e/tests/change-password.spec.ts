import { expect, expectScreen, loginThroughPage, pickMenuItem, test } from '../fixtures';

test.describe.configure({ timeout: 150_000 });

test('a user changes their own password from the header menu: this session stays, the others end', async ({
  browser,
  page,
  db,
}) => {
  const { staff } = await db.companyWithStaff(1);
  const user = staff.viewer;

  // A session on another device, open before the change.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await loginThroughPage(other, user.account, user.password);
  await expectScreen(other, '/dashboard');

  await loginThroughPage(page, user.account, user.password);
  await expectScreen(page, '/dashboard');
  const dialog = page.getByTestId('change-password-form');
  await pickMenuItem(page, page.getByTestId('user-menu'), '變更密碼', () => expect(dialog).toBeVisible());
  const submit = page.getByRole('dialog').getByRole('button', { name: '變更密碼' });

  // The new password's rule is checked before anything is sent.
  await dialog.locator('#current').fill('not-my-password-1');
  await dialog.locator('#Password').fill('short1');
  await dialog.locator('#confirm').fill('short1');
  await submit.click();
  await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();

  // A wrong current password: the server's refusal shows under that field, nothing changes.
  await dialog.locator('#Password').fill('Lantern-fields-42');
  await dialog.locator('#confirm').fill('Lantern-fields-42');
  await submit.click();
  await expect(dialog.getByText('目前的密碼不正確')).toBeVisible();

  await dialog.locator('#current').fill(user.password);
  await submit.click();
  await expect(page.getByText('密碼已變更；其他登入階段已結束。')).toBeVisible();
  await expect(dialog).toBeHidden();

  // This page keeps working with the token the change answered (the cookie was replaced).
  await page.goto('/monitor/alert-events');
  await expectScreen(page, '/monitor/alert-events');

  // The other device's session is over.
  await other.goto('/monitor/alert-events');
  await expect(other).toHaveURL(/\/login\?redirect=%2Fmonitor%2Falert-events/);

  // Only the new password works.
  await other.locator('input#Account').fill(user.account);
  await other.locator('input#Password').fill(user.password);
  await other.locator('button[type="submit"]').click();
  await expect(other.getByTestId('login-error')).toContainText('帳號或密碼錯誤');
  await loginThroughPage(other, user.account, 'Lantern-fields-42');
  await expectScreen(other, '/dashboard');
  await elsewhere.close();
});
