import type { Page } from '@playwright/test';
import { expect, expectScreen, test } from '../fixtures';
import {
  type AlertCompany,
  alertCompany,
  bet,
  getJson,
  ingest,
  login,
  useSession,
  waitForAlerts,
} from '../fixtures/alerts';
import { unique } from '../fixtures/seed';

/**
 * Player alerts, raised through ingestion: each member below bets once; the ratio rule raises level 1
 * above 1.5 and level 3 above 10.
 */
let company: AlertCompany;
const members = { low: unique('m-low'), high: unique('m-high'), other: unique('m-other') };

test.beforeAll(async () => {
  company = await alertCompany();
  await ingest(company.ingestKey, [
    bet(members.low, 10, 30, 300),
    bet(members.high, 10, 200, 200),
    bet(members.other, 10, 40, 100),
  ]);
  await waitForAlerts(company.tokens.admin, 3);
});

async function openAlerts(page: Page, token: string, query = ''): Promise<void> {
  await useSession(page.context(), token);
  await page.goto(`/monitor/alert-events${query}`);
  await expectScreen(page, '/monitor/alert-events');
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test('filters by level and member, and opens the evidence', async ({ page }) => {
  await openAlerts(page, company.tokens.viewer);
  await expect(rows(page)).toHaveCount(3);

  await page.getByTestId('filter-levels').click();
  await page.locator('.ant-select-dropdown').getByText('Level 3', { exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('filter-search').click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(members.high);
  await expect(page).toHaveURL(/Levels=3/);

  // The filters live in the address: a reload keeps them.
  await page.reload();
  await expect(rows(page)).toHaveCount(1);

  await rows(page).first().getByRole('button', { name: 'Details' }).click();
  const drawer = page.getByTestId('alert-detail');
  await expect(drawer.getByTestId('evidence-value')).toHaveText('20 > 10');
  await expect(drawer.getByTestId('evidence-events').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(drawer.getByTestId('member-activity')).toBeVisible();
  await expect(drawer.getByTestId('member-days')).toBeVisible();

  // Member filter from the address (the dashboard's links use it).
  await page.goto(`/monitor/alert-events?MemberIDs=${members.low}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(members.low);
});

test('a viewer reads but cannot process', async ({ page }) => {
  await openAlerts(page, company.tokens.viewer);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByTestId('alert-process')).toHaveCount(0);
  await expect(page.getByTestId('process-selected')).toHaveCount(0);
  await expect(page.locator('.ant-table-selection-column')).toHaveCount(0);
  await rows(page).first().getByRole('button', { name: 'Details' }).click();
  await expect(page.getByTestId('evidence-value')).toBeVisible();
  await expect(page.getByTestId('detail-process')).toHaveCount(0);
  await expect(page.getByTestId('alert-blacklist')).toHaveCount(0);
});

test('an editor processes one alert, then many, with a memo', async ({ page }) => {
  await openAlerts(page, company.tokens.editor, `?MemberIDs=${members.high}`);
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByTestId('alert-process').click();
  const modal = page.getByTestId('process-modal');
  await modal.locator('textarea').fill('Checked the round history: a real streak');
  await modal.getByRole('button', { name: 'Process' }).click();
  await expect(page.getByText('1 alert processed')).toBeVisible();
  await expect(rows(page).first()).toContainText('Processed');
  await rows(page).first().getByRole('button', { name: 'Details' }).click();
  await expect(page.getByTestId('detail-memo')).toHaveText('Checked the round history: a real streak');
  await page.keyboard.press('Escape');

  // The two others, selected together.
  await page.goto('/monitor/alert-events?Status=0');
  await expect(rows(page)).toHaveCount(2);
  await page.locator('.ant-table-thead .ant-checkbox-input').check();
  await page.getByTestId('process-selected').click();
  await page.getByTestId('process-modal').locator('textarea').fill('Batch review');
  await page.getByTestId('process-modal').getByRole('button', { name: 'Process' }).click();
  await expect(page.getByText('2 alerts processed')).toBeVisible();
  await expect(page.getByTestId('empty-state')).toBeVisible();

  const processed = await getJson<{ data: { recordset: { Status: number; ProcessedBy: string; Memo: string }[] } }>(
    company.tokens.admin,
    '/api/v2/monitor/alert-events?Status=1',
  );
  expect(processed.data.recordset).toHaveLength(3);
  expect(new Set(processed.data.recordset.map((a) => a.ProcessedBy))).toEqual(new Set([company.staff.editor.account]));
});

test('an editor adds the member to the blacklist from the alert, with the alert type', async ({ page }) => {
  await openAlerts(page, company.tokens.editor, `?MemberIDs=${members.low}`);
  await rows(page).first().getByRole('button', { name: 'Details' }).click();
  await page.getByTestId('alert-blacklist').click();
  const modal = page.getByTestId('blacklist-modal');
  await expect(modal.locator('textarea')).toHaveValue(/High ratio, level 1/);
  await modal.getByRole('button', { name: 'Add to blacklist' }).click();
  await expect(page.getByText(/Added 1, already listed 0/)).toBeVisible();
  await expect(page.getByTestId('alert-blacklist')).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(rows(page).first().getByTestId('blacklisted-tag')).toBeVisible();

  const entry = await getJson<{ data: { EventType: number | null; TypeName: string } }>(
    company.tokens.admin,
    `/api/v2/monitor/blacklist/members/${members.low}`,
  );
  expect(entry.data.EventType).toBe(1);
});

test('a new alert appears live, without a reload and without losing the filters', async ({ page }) => {
  await openAlerts(page, company.tokens.viewer, '?period=24h&EventTypes=1');
  await expect(rows(page)).toHaveCount(3);
  const url = page.url();
  const late = unique('m-live');
  await ingest(company.ingestKey, [bet(late, 10, 100, 5)]);
  await expect(page.getByTestId('live-notice')).toContainText('1 new alert arrived');
  await expect(rows(page)).toHaveCount(4);
  await expect(rows(page).first()).toContainText(late);
  expect(page.url()).toBe(url);
  // Another IP-login alert does not match the filter: not counted.
  await ingest(company.ingestKey, [login(unique('m-ip'), '10.99.0.1', 1)]);
  await page.getByTestId('live-notice').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('live-notice')).toHaveCount(0);
});

test('exports the filtered alerts as CSV', async ({ page }) => {
  await openAlerts(page, company.tokens.viewer, `?MemberIDs=${members.high}`);
  await expect(rows(page)).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^alerts-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const lines = text.trim().split(/\r\n/);
  expect(lines).toHaveLength(2);
  expect(lines[0]).toContain('Alert ID');
  expect(lines[1]).toContain(members.high);
});

// Last: it adds an alert to the shared company, which the counts above do not expect.
test('blacklist and process in one step, told plainly that no block API locks the member', async ({ page }) => {
  const member = unique('m-both');
  await ingest(company.ingestKey, [bet(member, 10, 30, 60)]);
  await waitForAlerts(company.tokens.admin, 1, `&MemberIDs=${member}`);
  await openAlerts(page, company.tokens.editor, `?MemberIDs=${member}`);
  await rows(page).first().getByRole('button', { name: 'Details' }).click();
  await page.getByTestId('alert-blacklist').click();
  const modal = page.getByTestId('blacklist-modal');
  await expect(modal.getByTestId('no-locking-api')).toContainText('not locked on your platform');
  await expect(modal.getByTestId('blacklist-process')).toBeChecked();
  await modal.locator('textarea').fill('ring with m-7');
  await modal.getByRole('button', { name: 'Add to blacklist' }).click();
  await expect(page.getByText(/The alert is processed\. Nobody is locked on your platform/)).toBeVisible();
  // The drawer shows the outcome on the platform: not locked, no block API.
  await expect(page.getByTestId('alert-detail').getByTestId('lock-state')).toHaveText('Not locked: no block API');

  const alerts = await getJson<{ data: { recordset: { Status: number; Memo: string }[] } }>(
    company.tokens.admin,
    `/api/v2/monitor/alert-events?MemberIDs=${member}`,
  );
  expect(alerts.data.recordset).toEqual([expect.objectContaining({ Status: 1, Memo: 'ring with m-7' })]);
  const entry = await getJson<{ data: { Memo: string } }>(
    company.tokens.admin,
    `/api/v2/monitor/blacklist/members/${member}`,
  );
  expect(entry.data.Memo).toBe('ring with m-7');

  // The blacklist screen says the same, with the way to set one up.
  await page.goto('/monitor/blocklist-setting');
  await expectScreen(page, '/monitor/blocklist-setting');
  await expect(page.getByTestId('no-locking-api')).toBeVisible();
  await expect(page.getByTestId('no-locking-api').getByRole('link', { name: 'Set up a block API' })).toBeVisible();
});
