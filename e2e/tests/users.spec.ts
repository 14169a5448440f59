import type { Page } from '@playwright/test';
import { expect, loginInEnglish, pickOption, rowWith, test } from '../fixtures';

// Whole journeys through several screens and mails: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

const LAST_ADMIN = 'This is the last active administrator of the company';

/** Picks an action from a user row's "more actions" menu. */
async function rowAction(page: Page, account: string, action: string): Promise<void> {
  await rowWith(page, account)
    .getByRole('button', { name: `More actions for ${account}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('the last administrator can be neither demoted, disabled nor deleted; a second one changes that', async ({
  page,
  db,
}) => {
  const { staff } = await db.companyWithStaff(1);
  await loginInEnglish(page, staff.admin.account, staff.admin.password);
  await page.goto('/setting/users');
  const me = rowWith(page, staff.admin.account);
  await expect(me).toContainText('you');

  // Demote: refused inside the form, nothing changes.
  await me.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByTestId('edit-user');
  await expect(dialog.locator('#Name')).toHaveValue(staff.admin.account);
  await pickOption(page, dialog.locator('#Tags'), 'Viewer');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByTestId('form-error')).toContainText(LAST_ADMIN);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(me).toContainText('Administrator');

  // Disable and delete: a dialog that must be read.
  await rowAction(page, staff.admin.account, 'Disable');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Disable' }).click();
  const refusal = page.locator('.ant-modal-confirm-error');
  await expect(refusal).toContainText('The company needs an administrator');
  await expect(refusal).toContainText(LAST_ADMIN);
  await refusal.getByRole('button', { name: 'OK' }).click();
  await rowAction(page, staff.admin.account, 'Delete');
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByTestId('delete-error')).toContainText(LAST_ADMIN);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(me).toContainText('Active');

  // With the editor promoted, the former last admin may step down.
  await rowWith(page, staff.editor.account).getByRole('button', { name: 'Edit', exact: true }).click();
  // Each opening starts from that user's values.
  await expect(dialog.locator('#Name')).toHaveValue(staff.editor.account);
  await pickOption(page, dialog.locator('#Tags'), 'Administrator');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${staff.editor.account} was saved`)).toBeVisible();
  await expect(rowWith(page, staff.editor.account)).toContainText('Administrator');
  await rowAction(page, staff.viewer.account, 'Delete');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted')).toBeVisible();
  await expect(rowWith(page, staff.viewer.account)).toHaveCount(0);
});

test('groups: create, assign users in bulk, filter by group, rename and delete', async ({ page, db }) => {
  const { staff } = await db.companyWithStaff(1);
  await loginInEnglish(page, staff.admin.account, staff.admin.password);
  await page.goto('/setting/users?tab=groups');
  await page.getByRole('button', { name: 'New group' }).click();
  const form = page.getByTestId('group-form');
  await form.locator('#Name').fill('Night shift');
  await form.locator('#Memo').fill('22:00 to 06:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(rowWith(page, 'Night shift')).toContainText('22:00 to 06:00');
  // The same name again is refused on the field.
  await page.getByRole('button', { name: 'New group' }).click();
  await form.locator('#Name').fill('night SHIFT');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(form.locator('.ant-form-item-explain-error')).toHaveText('Another group of this company has this name');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Select two users and put them in the group.
  await page.getByRole('tab', { name: 'Users' }).click();
  for (const user of [staff.editor, staff.viewer]) {
    await rowWith(page, user.account).locator('input[type="checkbox"]').check();
  }
  await expect(page.getByTestId('table-selection')).toContainText('2 selected');
  const bulk = page.getByTestId('bulk-bar');
  await pickOption(page, bulk.locator('input[role="combobox"]'), 'Night shift');
  await bulk.getByRole('button', { name: 'Set group' }).click();
  await expect(page.getByText('The group of 2 users was set')).toBeVisible();
  await expect(rowWith(page, staff.editor.account)).toContainText('Night shift');

  // From the group list to its users.
  await page.getByRole('tab', { name: 'Groups' }).click();
  await rowWith(page, 'Night shift').getByRole('button', { name: '2' }).click();
  await expect(page.locator('tr[data-row-key]')).toHaveCount(2);

  await page.getByRole('tab', { name: 'Groups' }).click();
  await rowWith(page, 'Night shift').getByRole('button', { name: 'Edit', exact: true }).click();
  await form.locator('#Name').fill('Late shift');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(rowWith(page, 'Late shift')).toBeVisible();
  await rowWith(page, 'Late shift').getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
  await expect(rowWith(page, 'Late shift')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(rowWith(page, staff.editor.account)).not.toContainText('Late shift');
});

test('adding a user with an initial password: the rule is shown and checked, taken accounts are refused on the field', async ({
  page,
  db,
}) => {
  const { staff } = await db.companyWithStaff(1);
  await loginInEnglish(page, staff.admin.account, staff.admin.password);
  await page.goto('/setting/users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByTestId('create-user');
  await dialog.locator('#Name').fill('Duplicate');
  await dialog.locator('#Account').fill(staff.viewer.account);
  await dialog.locator('#Mail').fill(`${staff.viewer.account}-new@example.com`);
  await dialog.getByRole('switch').click();
  await expect(dialog).toContainText('At least 10 characters with at least one letter and one digit');
  await dialog.locator('#Password').fill('short1');
  await dialog.locator('#confirm').fill('short1');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.locator('#Password_help')).toContainText('Use at least 10 characters');
  await dialog.locator('#Password').fill('Quartz-river-31');
  await dialog.locator('#confirm').fill('Quartz-river-31');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.locator('#Account_help')).toHaveText('This account name is already in use; choose another');
});
