import { expect, expectScreen, test } from '../fixtures';
import { alertCompany, bet, ingest, login, useSession, waitForAlerts } from '../fixtures/alerts';
import { unique } from '../fixtures/seed';

test('from a player alert to member overview: linked accounts, game detail and rounds, exports', async ({ page }) => {
  // Three screens, each a lazy chunk: on a loaded 2-core machine more than the default minute.
  test.setTimeout(180_000);
  const company = await alertCompany();
  const member = unique('m-ring');
  const partner = unique('m-partner');
  const ip = `198.51.100.${10 + Math.floor(Math.random() * 200)}`;
  await ingest(company.ingestKey, [
    login(member, ip, 120),
    login(partner, ip, 110),
    bet(member, 10, 0, 100),
    bet(member, 20, 60, 90),
  ]);
  // The ratio rule raises an alert on the member (60 paid on 30 staked).
  await waitForAlerts(company.tokens.viewer, 1);

  await useSession(page.context(), company.tokens.viewer);
  await page.goto('/monitor/alert-events');
  await expectScreen(page, '/monitor/alert-events');
  await page.locator('.ant-table-tbody tr.ant-table-row').first().getByRole('button', { name: 'Details' }).click();
  await page.getByTestId('alert-detail').getByTestId('alert-member-overview').click({ timeout: 60_000 });
  await expectScreen(page, '/check-tool/member-overview');
  await expect(page).toHaveURL(new RegExp(`MemberIDs=${member}`));
  await expect(page).toHaveURL(/Start=\d{4}-\d{2}-\d{2}/);
  const overview = page.getByTestId('overview-table');
  await expect(overview.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1, { timeout: 60_000 });
  await expect(overview).toContainText('30.00');
  const linked = page.getByTestId('linked-accounts-table');
  await expect(linked.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(linked).toContainText(partner);

  await overview.getByRole('link', { name: member }).click();
  await expectScreen(page, '/check-tool/win-lose-member');
  await expect(page).toHaveURL(/Start=\d{4}-\d{2}-\d{2}&End=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId('page-title')).toHaveText('Game detail', { timeout: 60_000 });
  const rounds = page.getByTestId('rounds-table');
  await expect(rounds.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);

  const read = async (name: string | RegExp) => {
    const download = page.waitForEvent('download');
    await rounds.getByRole('button', { name }).click();
    const file = await download;
    const chunks = await (await file.createReadStream()).toArray();
    return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  };
  // The table's export (the shown columns), and the server's export of the whole result (every column).
  const shown = await read(/^(download )?Export CSV$/);
  expect(shown.text.trim().split(/\r\n/)).toHaveLength(3);
  expect(shown.text).toContain(member);
  const all = await read(/^Export CSV \(all rows\)$/);
  expect(all.name).toMatch(/^rounds_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = all.text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  expect(lines).toHaveLength(3);
  expect(lines[0]).toContain('StakeBase');
  expect(all.text).toContain(member);
});
