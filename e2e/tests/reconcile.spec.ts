import { expect, expectScreen, loginInEnglish, pickOption, rowWith, test } from '../fixtures';
import { unique } from '../fixtures/seed';
import { E2E_SUPERADMIN } from '../global-setup';

// A whole journey: a company created, a key, ingest calls, a customer, a month through its states.
test.describe.configure({ timeout: 300_000 });

/** The month before the current one in the company's zone (Asia/Taipei, the default) as YYYY-MM. */
function lastMonthInTaipei(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei', year: 'numeric', month: '2-digit' })
    .formatToParts(new Date())
    .reduce<Record<string, string>>((all, p) => Object.assign(all, { [p.type]: p.value }), {});
  const year = Number(parts.year);
  const month = Number(parts.month);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

function bet(id: string, month: string, gameId: string, stake: number, payout: number, customerId = 'e2e-op-1') {
  return {
    id,
    type: 'bet',
    at: `${month}-15T04:00:00Z`,
    memberId: `player-${id}`,
    gameId,
    roundId: `round-${id}`,
    stake,
    payout,
    currency: 'USD',
    customerId,
  };
}

test('the special administrator creates a publisher, its bets are reconciled from pending to completed', async ({
  page,
  context,
  db,
}) => {
  // The special administrator: an account named as PITBOSS_SUPERADMIN (an earlier run's is renamed away).
  const su = await db.user('admin', [1]);
  await db.query("UPDATE app_user SET account = account || '-old-' || aid WHERE account = $1", [E2E_SUPERADMIN]);
  await db.query('UPDATE app_user SET account = $1 WHERE aid = $2', [E2E_SUPERADMIN, su.aid]);
  await loginInEnglish(page, E2E_SUPERADMIN, su.password);

  // 1. A publisher company, created in Settings → Companies.
  const name = unique('Reconcile Publisher');
  await page.goto('/setting/companies');
  await expectScreen(page, '/setting/companies');
  await page.getByRole('button', { name: 'New company' }).click();
  const companyForm = page.getByTestId('company-form');
  await companyForm.locator('#Name').fill(name);
  await pickOption(page, companyForm.locator('#OperatorType'), 'Publisher');
  await companyForm.locator('#Mail').fill(`${unique('first-admin')}@example.com`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(companyForm).toBeHidden();
  // Other tests make companies too: find it by name (the list pages 25 at a time).
  await page.getByTestId('search-form').locator('#Name').fill(name);
  await page.getByTestId('search-form').locator('button[type="submit"]').click();
  await expect(rowWith(page.getByTestId('companies-table'), name)).toContainText('Publisher');

  // 2. Work in it (the special administrator may work in every company).
  await page.reload();
  await expectScreen(page, '/setting/companies');
  await page.getByTestId('company-select').click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'priceLevel')?.value)
    .toBe('publisher');
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';

  // 3. Its platform sends bets carrying customer ids, with an ingest key of the company.
  const created = await page.request.post('/api/v2/system/ingest-keys', {
    headers: { authorization: `Bearer ${token}` },
    data: { Name: 'Reconcile e2e' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const key = ((await created.json()) as { data: { Key: string } }).data.Key;
  const month = lastMonthInTaipei();
  const send = async (events: unknown[]) => {
    const sent = await page.request.post('/api/v2/ingest/events', {
      headers: { authorization: `Bearer ${key}` },
      data: events,
    });
    expect(sent.status(), await sent.text()).toBe(200);
  };
  await send([
    bet('e2e-b1', month, 'slot-1', 100, 40),
    bet('e2e-b2', month, 'slot-1', 50, 0),
    bet('e2e-b3', month, 'poker', 200, 250),
    bet('e2e-b4', month, 'poker', 999, 0, 'someone-else'),
  ]);

  // 4. The customer who sends them, with its customer id and terms.
  await page.goto('/reconcile/customer');
  await expectScreen(page, '/reconcile/customer');
  await page.getByRole('button', { name: 'New customer' }).click();
  const customerForm = page.getByTestId('customer-form');
  await customerForm.locator('#BusinessName').fill('E2E Casino');
  await customerForm.locator('#CommissionRate').fill('10');
  await customerForm.locator('#CustomerIDs').fill('e2e-op-1');
  await customerForm.locator('#CustomerIDs').press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(customerForm).toBeHidden();
  await expect(rowWith(page.getByTestId('customers-table'), 'E2E Casino')).toContainText('e2e-op-1');

  // 5. Last month opened and computed: only the customer's bets, per game.
  await page.goto('/reconcile/workflow');
  await expectScreen(page, '/reconcile/workflow');
  await page.getByTestId('workflow-open').click();
  const openForm = page.getByTestId('open-workflow-form');
  await pickOption(page, openForm.locator('#CustomerID'), 'E2E Casino');
  await expect(openForm.locator('#Month')).toHaveValue(month);
  await page.getByRole('button', { name: 'Open and compute' }).click();
  const drawer = page.getByTestId('workflow-detail');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('workflow-status')).toHaveText('Pending');
  await expect(drawer.getByTestId('workflow-total')).toHaveText('60.00');
  await expect(drawer.getByTestId('workflow-rate')).toHaveText('1 USD = 1 USD'); // the customer's currency
  await expect(rowWith(drawer.getByTestId('workflow-games'), 'slot-1')).toContainText('110.00');
  await expect(rowWith(drawer.getByTestId('workflow-games'), 'poker')).toContainText('-50.00');

  // 6. An adjustment with its reason.
  await drawer.getByTestId('adjustment-add').click();
  const adjustmentForm = page.getByTestId('adjustment-form');
  await adjustmentForm.locator('#Amount').fill('5');
  await adjustmentForm.locator('#Memo').fill('Marketing bonus');
  await page.getByRole('button', { name: 'Add adjustment' }).last().click();
  await expect(adjustmentForm).toBeHidden();
  await expect(drawer.getByTestId('workflow-adjustments')).toContainText('Marketing bonus');
  await expect(drawer.getByTestId('workflow-total')).toHaveText('65.00');
  await expect(drawer.getByTestId('workflow-commission')).toHaveText('6.50');

  const statusDialog = page.getByRole('dialog').filter({ has: page.getByTestId('status-form') });
  // 7. Sent for confirmation: the figures freeze; a late bet shows as a difference, not in the bill.
  await drawer.getByTestId('transition-2').click();
  await page.getByTestId('status-form').locator('#Memo').fill('Bill sent');
  await statusDialog.getByRole('button', { name: 'Send for confirmation' }).click();
  await expect(drawer.getByTestId('workflow-status')).toHaveText('Waiting confirm');
  await send([bet('e2e-b5', month, 'slot-1', 20, 0)]);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  const row = rowWith(page.getByTestId('workflows-table'), 'E2E Casino');
  await expect(row).toContainText('Waiting confirm');
  await row.getByTestId('workflow-open-detail').click();
  await expect(drawer.getByTestId('workflow-difference')).toContainText('1 more rounds, GGR 20.00');
  await expect(drawer.getByTestId('workflow-total')).toHaveText('65.00');

  // 8. Completed; the history tells who did what.
  await drawer.getByTestId('transition-1').click();
  await statusDialog.getByRole('button', { name: 'Complete' }).click();
  await expect(drawer.getByTestId('workflow-status')).toHaveText('Completed');
  const history = drawer.getByTestId('workflow-history');
  await expect(history).toContainText('Bill sent');
  await expect(history.getByTestId('history-status')).toHaveCount(5); // 0; 0→2; 2→1
  await expect(history).toContainText(E2E_SUPERADMIN);
  await expect(drawer.getByTestId('adjustment-add')).toHaveCount(0);
  await expect(drawer.getByTestId('transition-0')).toBeVisible(); // reopen, with a reason
  await page.keyboard.press('Escape');
  await expect(row).toContainText('Completed');

  // 9. The report shows the month with its adjustment and commission, and exports XLSX.
  await page.goto('/reconcile/report');
  await expectScreen(page, '/reconcile/report');
  const block = page.getByTestId('report-customer').filter({ hasText: 'E2E Casino' });
  await expect(rowWith(block, 'Commission due')).toContainText('6.50');
  await expect(rowWith(block, 'Adjustments')).toContainText('5.00');
  await expect(block.getByTestId('report-currency')).toHaveText('USD');
  const download = page.waitForEvent('download');
  await page.getByTestId('report-export-xlsx').click();
  expect((await download).suggestedFilename()).toMatch(/^reconcile-report-.*\.xlsx$/);
});
