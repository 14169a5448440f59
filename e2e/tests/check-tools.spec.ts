import { expect, expectScreen, test } from '../fixtures';
import { alertCompany, bet, ingest, login, useSession } from '../fixtures/alerts';
import { unique } from '../fixtures/seed';

test('member overview shows the linked accounts, drills into game detail and rounds, and exports', async ({ page }) => {
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
    bet(member, 20, 45, 90),
  ]);

  await useSession(page.context(), company.tokens.viewer);
  await page.goto(`/check-tool/member-overview?MemberIDs=${member}`);
  await expectScreen(page, '/check-tool/member-overview');
  const overview = page.getByTestId('overview-table');
  await expect(overview.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
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

  const download = page.waitForEvent('download');
  await rounds.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text.trim().split(/\r\n/)).toHaveLength(3);
  expect(text).toContain(member);
});
