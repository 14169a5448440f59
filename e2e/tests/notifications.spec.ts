import { expect, expectScreen, pickOption, rowWith, test } from '../fixtures';
import { alertCompany, bet, ingest, RATIO_RULE, useSession, waitForAlerts } from '../fixtures/alerts';
import { waitForMail } from '../fixtures/mailbox';
import { unique } from '../fixtures/seed';

test('an editor has an event mailed at level 1; an alert raised by ingest arrives by mail and the delivery log shows it sent', async ({
  page,
  context,
}) => {
  test.slow();
  const company = await alertCompany();
  const address = `${unique('ops')}@example.com`;
  await useSession(context, company.tokens.editor);

  await page.goto('/notice-setting/mail-setting');
  await expectScreen(page, '/notice-setting/mail-setting');
  const settings = page.getByTestId('mail-settings');
  await expect(settings.getByTestId('empty-state')).toBeVisible();
  await settings.getByTestId('add-setting').click();
  const modal = page.getByTestId('mail-setting-modal');
  await pickOption(page, modal.locator('#EventIDs'), RATIO_RULE.EventName);
  await page.keyboard.press('Escape');
  await pickOption(page, modal.locator('#Levels'), 'Level 1');
  await page.keyboard.press('Escape');
  await modal.locator('#Values').fill(address);
  await modal.locator('#Values').press('Enter');
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal-footer:visible').getByRole('button', { name: 'OK' }).click();
  await expect(rowWith(settings, RATIO_RULE.EventName)).toContainText(address);

  // A bet paying 3× its stake: the ratio rule's level 1 (above 1.5).
  const member = unique('mail-m');
  await ingest(company.ingestKey, [bet(member, 10, 30)]);
  await waitForAlerts(company.tokens.admin, 1, `&MemberIDs=${member}`);
  const mail = await waitForMail(address, (m) => m.text.includes(member));
  // The address is no user's: the mail is in Traditional Chinese.
  expect(mail.subject).toContain('等級 1');
  expect(mail.subject).toContain(RATIO_RULE.EventName);
  expect(mail.text).toMatch(/\/monitor\/alert-events\?alert=\d+/);

  await page.goto('/notice-setting/delivery-log');
  await expectScreen(page, '/notice-setting/delivery-log');
  const log = page.getByTestId('delivery-log');
  await expect(rowWith(log, address)).toContainText('Sent', { timeout: 20_000 });
  await expect(rowWith(log, address)).toContainText(RATIO_RULE.EventName);
});
