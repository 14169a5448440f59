import { expect, loginInEnglish, rowWith, test } from '../fixtures';

// A whole journey: the key's lifetime, two ingest calls and several reloads.
test.describe.configure({ timeout: 150_000 });

/** One valid event (DESIGN §4) with an id of its own. */
function loginEvent(id: string) {
  return [{ id, type: 'login', at: new Date().toISOString(), memberId: 'e2e-member-1', ip: '203.0.113.7' }];
}

test('an admin creates an ingest key, sees it once, the platform sends with it, then it is revoked and refused', async ({
  page,
  context,
  db,
}) => {
  const { staff } = await db.companyWithStaff(1);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginInEnglish(page, staff.admin.account, staff.admin.password);
  await page.goto('/setting/system-setting');
  const card = page.getByTestId('ingest-keys');
  await expect(card).toContainText('No ingest keys yet');
  await expect(card).toContainText('0 of 20 active keys');

  // A blank name is refused in the form.
  await card.getByRole('button', { name: 'New key' }).click();
  const form = page.getByTestId('create-ingest-key');
  await form.locator('#Name').fill('   ');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(form.locator('#Name_help')).toContainText(/Name cannot be blank|Please enter Name/);
  await form.locator('#Name').fill('Production platform');
  await page.getByRole('button', { name: 'Create key' }).click();

  // Shown once, with a copy button; Escape does not close it by accident.
  const shown = page.getByTestId('new-ingest-key');
  await expect(shown).toContainText('You will not see this key again');
  const key = (await shown.getByTestId('new-ingest-key-value').textContent()) ?? '';
  expect(key).toMatch(/^pbk_[A-Za-z0-9_-]{32}$/);
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await page.keyboard.press('Escape');
  await expect(shown).toBeVisible();
  await page.getByRole('button', { name: 'I have stored the key' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(key)).toHaveCount(0);

  const row = rowWith(card, 'Production platform');
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText(staff.admin.account);
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');
  await expect(card).toContainText('1 of 20 active keys');

  // The platform sends an event with it.
  const sent = await page.request.post('/api/v2/ingest/events', {
    headers: { authorization: `Bearer ${key}` },
    data: loginEvent('e2e-login-1'),
  });
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toEqual({ accepted: 1, duplicates: 0 });

  // "Last used" is written just after the call: reload until it shows.
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 20_000 });
    expect(await row.textContent()).not.toContain('Never');
  }).toPass({ timeout: 60_000 });
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

  // Revoke, with a confirmation that says what it does.
  await row.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('Revoke the ingest key "Production platform"?');
  await expect(confirm).toContainText('refused (401) from now on');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('The key "Production platform" was revoked')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  await expect(card).toContainText('0 of 20 active keys');

  const refused = await page.request.post('/api/v2/ingest/events', {
    headers: { authorization: `Bearer ${key}` },
    data: loginEvent('e2e-login-2'),
  });
  expect(refused.status()).toBe(401);
});
