import { REGISTRATION_FAILURE_MESSAGES } from '@pitboss/contract';
import { expect, loginInEnglish, loginThroughPage, pickOption, rowWith, test } from '../fixtures';
import { linkTo, waitForMail } from '../fixtures/mailbox';
import { expectedMenu, visibleMenu } from '../fixtures/menu';
import { unique } from '../fixtures/seed';

// Whole journeys through several screens and mails: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

test('an admin invites a colleague; the mail arrives over SMTP, the colleague registers through its link and logs in with the role given', async ({
  page,
  browser,
  db,
}) => {
  const { staff, name: company } = await db.companyWithStaff(1);
  await loginInEnglish(page, staff.admin.account, staff.admin.password);
  await page.goto('/setting/users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByTestId('create-user');
  const account = unique('colleague');
  const mail = `${account}@example.com`;
  await dialog.locator('#Name').fill('Colleague One');
  await dialog.locator('#Account').fill(account);
  await dialog.locator('#Mail').fill(mail);
  await pickOption(page, dialog.locator('#Tags'), 'Editor');
  await expect(dialog).toContainText('an invitation to set one is mailed');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`${account} was added; an invitation was mailed to ${mail}`)).toBeVisible();
  await expect(rowWith(page, account)).toContainText('Invited');
  await expect(rowWith(page, account)).toContainText('Editor');

  // The mail went through the SMTP server on 127.0.0.1; the delivery log says so.
  const invitation = await waitForMail(mail);
  const link = linkTo(invitation, '/register');
  await page.getByRole('tab', { name: 'Mail delivery log' }).click();
  await expect(rowWith(page.getByTestId('mail-log'), mail)).toContainText('Sent');

  // The colleague opens the link in their own browser (the interface starts in Traditional Chinese).
  const theirs = await browser.newContext();
  const colleague = await theirs.newPage();
  await colleague.goto(link);
  await expect(colleague.getByTestId('register-invitation')).toContainText(company);
  await expect(colleague.getByTestId('invited-account')).toHaveValue(account);
  // A weak password is refused with what is required.
  await colleague.locator('#Password').fill('weakpass');
  await colleague.locator('#confirm').fill('weakpass');
  await colleague.getByRole('button', { name: /^註\s*冊$/ }).click();
  await expect(colleague.locator('.ant-form-item-explain-error')).toHaveText(
    '至少 10 個字元，須含至少一個字母及一個數字，最多 128 個字元',
  );
  await colleague.locator('#Password').fill('Tidewater-2046');
  await colleague.locator('#confirm').fill('Tidewater-2046');
  await colleague.getByRole('button', { name: /^註\s*冊$/ }).click();
  await expect(colleague.getByText(`註冊完成，請以 ${account} 登入。`)).toBeVisible();
  await colleague.getByTestId('to-login').click();
  await loginThroughPage(colleague, account, 'Tidewater-2046');
  expect(await visibleMenu(colleague)).toEqual(expectedMenu('editor', 'platform'));

  // The link worked once: it now fails with the spec's fixed message, whatever the language.
  const fresh = await browser.newContext();
  const again = await fresh.newPage();
  await again.goto(link);
  await expect(again.getByTestId('register-failure')).toHaveText(REGISTRATION_FAILURE_MESSAGES.REGISTER_URL_INVALID);
  await fresh.close();

  // The admin sees the colleague active.
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(rowWith(page, account)).toContainText('Active');
  await theirs.close();
});

test('an invitation to an address lets someone with an account elsewhere join with their own password', async ({
  page,
  browser,
  db,
}) => {
  const home = await db.companyWithStaff(1);
  const other = await db.companyWithStaff(3);
  const mail = `${home.staff.viewer.account}@example.com`;
  await db.setMail(home.staff.viewer.aid, mail);
  await loginInEnglish(page, other.staff.admin.account, other.staff.admin.password);
  await page.goto('/setting/users');
  await page.getByRole('button', { name: 'Invite by mail' }).click();
  const dialog = page.getByTestId('invite-user');
  await dialog.locator('#Mail').fill(mail);
  await pickOption(page, dialog.locator('#Tags'), 'Viewer');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`An invitation was mailed to ${mail}`)).toBeVisible();
  await page.getByRole('tab', { name: 'Pending invitations' }).click();
  await expect(rowWith(page, mail)).toContainText('Invited address');

  const link = linkTo(await waitForMail(mail), '/register');
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await theirs.goto(link);
  await theirs.getByText('我已有帳號').click();
  await theirs.locator('#Account').fill(home.staff.viewer.account);
  await theirs.locator('#Password').fill(home.staff.viewer.password);
  await theirs.getByRole('button', { name: `加入 ${other.name}` }).click();
  await expect(theirs.getByText(`註冊完成，請以 ${home.staff.viewer.account} 登入。`)).toBeVisible();

  // Both companies are theirs now; the invitation is used.
  await page.reload();
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(rowWith(page, home.staff.viewer.account)).toContainText('Viewer');
  await context.close();
});
