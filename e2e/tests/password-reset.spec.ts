import { expect, expectScreen, loginThroughPage, test } from '../fixtures';
import { linkTo, waitForMail } from '../fixtures/mailbox';

// Whole journeys through several screens and mails: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

test('forgot password: the mailed link sets a new password, earlier sessions end, only the new password works', async ({
  browser,
  db,
}) => {
  const { staff } = await db.companyWithStaff(1);
  const user = staff.editor;
  const mail = `${user.account}@example.com`;
  await db.setMail(user.aid, mail);

  // A session that is open before the reset.
  const earlier = await browser.newContext();
  const before = await earlier.newPage();
  await loginThroughPage(before, user.account, user.password);
  await expectScreen(before, '/dashboard');

  // Someone (the user, on another device) asks for a reset from the login page.
  const device = await browser.newContext();
  const page = await device.newPage();
  await page.goto('/login');
  await page.locator('input#Account').fill(user.account);
  await page.getByTestId('forgot-link').click();
  await expect(page.locator('#who')).toHaveValue(user.account);
  await page.locator('#who').fill(mail);
  await page.getByTestId('forgot-password').locator('button[type="submit"]').click();
  await expect(page.getByTestId('forgot-sent')).toContainText('60 分鐘內有效');

  const link = linkTo(await waitForMail(mail, (m) => m.text.includes('/resetPassword/')), '/resetPassword');
  await page.goto(link);
  // The link alone shows nothing: the address it was sent to must be given first.
  await page.locator('#mail').fill('someone-else@example.com');
  await page.getByRole('button', { name: /繼\s*續/ }).click();
  await expect(page.getByTestId('reset-error')).toContainText('此重設密碼連結對這個信箱無效');
  await page.locator('#mail').fill(mail);
  await page.getByRole('button', { name: /繼\s*續/ }).click();
  await expect(page.getByTestId('reset-account')).toContainText(user.account);

  // The rule is checked before anything is sent, including "not the account name".
  const submit = page.getByRole('button', { name: '變更密碼' });
  await page.locator('#Password').fill(`${user.account}-1x`);
  await page.locator('#confirm').fill(`${user.account}-1x`);
  await submit.click();
  await expect(page.locator('.ant-form-item-explain-error').first()).toHaveText('密碼不可包含帳號名稱');
  await page.locator('#Password').fill('Harbour-lights-77');
  await page.locator('#confirm').fill('Harbour-lights-78');
  await submit.click();
  await expect(page.getByText('兩次輸入的密碼不一致')).toBeVisible();
  await page.locator('#confirm').fill('Harbour-lights-77');
  await submit.click();
  await expect(page.getByText(`${user.account} 的密碼已變更`)).toBeVisible();

  // The session opened before the reset is refused: back to the login page.
  await before.goto('/monitor/alert-events');
  await expect(before).toHaveURL(/\/login\?redirect=%2Fmonitor%2Falert-events/);

  // The old password fails, the new one works.
  await page.getByTestId('to-login').click();
  await page.locator('input#Account').fill(user.account);
  await page.locator('input#Password').fill(user.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('login-error')).toContainText('帳號或密碼錯誤');
  await loginThroughPage(page, user.account, 'Harbour-lights-77');
  await expectScreen(page, '/dashboard');

  // The link worked once.
  const laterContext = await browser.newContext();
  const later = await laterContext.newPage();
  await later.goto(link);
  await later.locator('#mail').fill(mail);
  await later.getByRole('button', { name: /繼\s*續/ }).click();
  await expect(later.getByTestId('reset-error')).toBeVisible();
  await Promise.all([device.close(), earlier.close(), laterContext.close()]);
});

test('forgot password answers the same for an address without an account', async ({ page }) => {
  await page.goto('/login?forgot=1');
  await page.locator('#who').fill('nobody-at-all@example.com');
  await page.getByTestId('forgot-password').locator('button[type="submit"]').click();
  await expect(page.getByTestId('forgot-sent')).toBeVisible();
  await page.getByTestId('forgot-back').click();
  await expect(page.locator('input#Account')).toBeVisible();
});
