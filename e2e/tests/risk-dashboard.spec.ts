import { expect, expectScreen, test } from '../fixtures';
import { alertCompany, bet, ingest, useSession, waitForAlerts } from '../fixtures/alerts';
import { unique } from '../fixtures/seed';

test('the risk dashboard shows counts, charts and top members, and updates live', async ({ page }) => {
  const company = await alertCompany();
  const top = unique('m-top');
  await ingest(company.ingestKey, [bet(top, 10, 200, 600), bet(unique('m-a'), 10, 30, 500)]);
  await waitForAlerts(company.tokens.admin, 2);

  await useSession(page.context(), company.tokens.viewer);
  await page.goto('/dashboard');
  await expectScreen(page, '/dashboard');
  await expect(page.getByTestId('total-alerts')).toContainText('2');
  await expect(page.getByTestId('total-pending')).toContainText('2');
  await expect(page.getByTestId('total-severe')).toContainText('1');
  await expect(page.getByTestId('type-count-1')).toContainText('High ratio: 2');
  await expect(page.getByTestId('trend-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('level-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('latest-alerts').locator('tr.ant-table-row')).toHaveCount(2);

  // A new alert: the cards and the latest list follow without a reload.
  const late = unique('m-late');
  await ingest(company.ingestKey, [bet(late, 10, 50, 5)]);
  await expect(page.getByTestId('total-alerts')).toContainText('3');
  await expect(page.getByTestId('latest-alerts').locator('tr.ant-table-row').first()).toContainText(late);

  // A top member opens their alerts.
  await page.getByTestId('top-members').getByText(top).click();
  await expectScreen(page, '/monitor/alert-events');
  await expect(page).toHaveURL(new RegExp(`MemberIDs=${top}`));
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
});

test('the dashboard charts follow the dark theme', async ({ page }) => {
  const company = await alertCompany();
  await ingest(company.ingestKey, [bet(unique('m-d'), 10, 30, 60)]);
  await waitForAlerts(company.tokens.admin, 1);
  await useSession(page.context(), company.tokens.viewer);
  await page.goto('/dashboard');
  await expect(page.getByTestId('total-alerts')).toContainText('1');
  await page.getByTestId('theme-toggle').click();
  // The card behind the chart turns dark; the chart's canvas is redrawn with the dark tokens.
  const background = await page
    .getByTestId('trend-chart')
    .evaluate((el) => getComputedStyle(el.closest('.ant-card') as Element).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');
});
