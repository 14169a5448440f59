import { expect, expectScreen, test } from '../fixtures';
import { alertCompany, bet, ingest, useSession, waitForAlerts } from '../fixtures/alerts';
import { unique } from '../fixtures/seed';

test('the alert overview lists alerted subjects, filters by type and level, and exports', async ({ page }) => {
  test.slow();
  const company = await alertCompany();
  const twice = unique('m-twice');
  const once = unique('m-once');
  // One incident for each member; one member's rises from level 1 to level 3 (escalated in place, so
  // still one alert).
  await ingest(company.ingestKey, [bet(twice, 10, 30, 600), bet(once, 10, 30, 500)]);
  await waitForAlerts(company.tokens.admin, 2);
  await ingest(company.ingestKey, [bet(twice, 10, 400, 400)]);

  await useSession(page.context(), company.tokens.viewer);
  await page.goto('/check-tool/alert');
  await expectScreen(page, '/check-tool/alert');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: twice })).toContainText('L3');
  await expect(rows.filter({ hasText: once })).toContainText('L1');

  await page.getByTestId('filter-levels').click();
  await page.locator('.ant-select-dropdown').getByText('Level 3', { exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('filter-search').click();
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(/Levels=3/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text.trim().split(/\r\n/)).toHaveLength(2);
  expect(text).toContain(twice);

  // Types filter: no IP-login alerts here.
  await page.goto('/check-tool/alert?EventTypes=3');
  await expect(page.getByTestId('empty-state')).toBeVisible();
});
