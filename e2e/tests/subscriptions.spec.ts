import { expect, expectScreen, pickOption, rowWith, test } from '../fixtures';
import { alertCompany, useSession } from '../fixtures/alerts';
import { waitForMail } from '../fixtures/mailbox';
import { unique } from '../fixtures/seed';

test('an editor subscribes an address to the weekly report, sends it now, reads it in the preview, the mail arrives and the delivery log shows it sent', async ({
  page,
  context,
}) => {
  test.slow();
  const company = await alertCompany();
  const address = `${unique('report')}@example.com`;
  const name = unique('Weekly risk');
  await useSession(context, company.tokens.editor);

  await page.goto('/notice-setting/subscription-setting');
  await expectScreen(page, '/notice-setting/subscription-setting');
  const list = page.getByTestId('subscriptions');
  await expect(list.getByTestId('empty-state')).toBeVisible();
  await list.getByTestId('add-subscription').click();
  const modal = page.getByTestId('subscription-modal');
  await modal.locator('#Name').fill(name);
  await pickOption(page, modal.locator('#Frequency'), 'Weekly summary');
  await pickOption(page, modal.locator('#WeekDay'), 'Friday');
  await pickOption(page, modal.locator('#Hour'), '09:00');
  await modal.locator('#Mails').fill(address);
  await modal.locator('#Mails').press('Enter');
  await page.keyboard.press('Escape');
  await pickOption(page, modal.locator('#Language'), 'English');
  await page.locator('.ant-modal-footer:visible').getByRole('button', { name: 'OK' }).click();

  const row = rowWith(list, name);
  await expect(row).toContainText('Weekly summary · Friday');
  await expect(row).toContainText('09:00');
  await expect(row).toContainText(address);
  await expect(row).toContainText('English');
  // The next report is shown (a Friday, 09:00 in the company zone).
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} 09:00/);

  await row.getByRole('button', { name: /Send now/ }).click();
  const preview = page.getByTestId('report-preview');
  await expect(preview).toContainText('Weekly risk report');
  await expect(preview.getByTestId('report-preview-text')).toContainText('Player alerts by type and level');
  await expect(preview).toContainText(address);

  const mail = await waitForMail(address, (m) => m.subject.includes('Weekly risk report'));
  expect(mail.text).toContain(name);
  expect(mail.text).toContain('Turnover');

  await page.goto('/notice-setting/delivery-log');
  await expectScreen(page, '/notice-setting/delivery-log');
  await expect(rowWith(page.getByTestId('delivery-log'), address)).toContainText('Sent', { timeout: 20_000 });
});
