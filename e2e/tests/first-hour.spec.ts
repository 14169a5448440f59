import { showcasePlant } from '@pitboss/simulator/demo';
import type { Page } from '@playwright/test';
import { expect, expectScreen, test } from '../fixtures';
import { apiLogin, createIngestKey, getJson, ingest, useSession } from '../fixtures/alerts';

/**
 * Issue 22, "the analyst's first hour", as a new user meets it: one incident is one alert whose level
 * rises live on the open list; the company's clock and zone on the list and in the drawer; the console
 * by keyboard alone. The win streak is the demo feed's own showcase plant (`npm start` plants it live).
 */
interface AlertRow {
  AlertID: number;
  MemberID: string;
  Level: number;
  HappenedAt: string;
  DetectedAt: string;
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function platform(db: import('../fixtures/seed').Seed) {
  const { staff } = await db.companyWithStaff(1);
  await db.language(staff.admin.aid, 'en');
  const token = await apiLogin(staff.admin);
  return { token, key: await createIngestKey(token) };
}

test('a win streak climbs from level 1 to 3 while the alert list is open: one row, its level rising live', async ({
  page,
  db,
}) => {
  test.slow();
  const { token, key } = await platform(db);
  await useSession(page.context(), token);
  await page.goto('/monitor/alert-events');
  await expectScreen(page, '/monitor/alert-events');
  await expect(page.getByText('No data').or(page.locator('.ant-empty')).first()).toBeVisible();

  const plant = showcasePlant('win-streak', { run: `fh${Date.now().toString(36)}`, n: 0, currency: 'USD' });
  for (const [i, step] of plant.steps.entries()) {
    await ingest(key, step.events(Date.now()));
    const row = rows(page).filter({ hasText: plant.subject });
    await expect(row).toHaveCount(1);
    await expect(row.locator('.ant-tag', { hasText: `L${i + 1}` })).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
  }
  // The levels it went through are kept and shown; the API agrees: one alert, at level 3.
  await expect(rows(page).first()).toContainText('1→2→3');
  const list = await getJson<{ data: { recordset: AlertRow[] }; cnt: number }>(
    token,
    '/api/v2/monitor/alert-events?pageSize=25',
  );
  expect(list.cnt).toBe(1);
  expect(list.data.recordset[0]).toMatchObject({ MemberID: plant.subject, Level: 3 });
});

test("one clock in the company's zone: the list and the drawer show when it happened and when it was detected", async ({
  page,
  db,
}) => {
  const { token, key } = await platform(db);
  const put = await fetch(new URL('/api/v2/system/setting', process.env.PITBOSS_E2E_URL), {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ TimeZone: 'America/New_York' }),
  });
  expect(put.status).toBe(200);
  const plant = showcasePlant('heavy-top-up', { run: `fz${Date.now().toString(36)}`, n: 1, currency: 'USD' });
  for (const step of plant.steps) await ingest(key, step.events(Date.now()));
  let alert: AlertRow | undefined;
  await expect
    .poll(async () => {
      alert = (await getJson<{ data: { recordset: AlertRow[] } }>(token, '/api/v2/monitor/alert-events?pageSize=25'))
        .data.recordset[0];
      return alert?.MemberID;
    })
    .toBe(plant.subject);
  const inNewYork = (iso: string) =>
    new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(iso));

  await useSession(page.context(), token);
  await page.goto('/monitor/alert-events');
  await expectScreen(page, '/monitor/alert-events');
  await expect(page.getByTestId('time-zone-label').first()).toHaveText(/^UTC-0[45]:00$/);
  const row = rows(page).filter({ hasText: plant.subject });
  await expect(row).toContainText(inNewYork(alert?.HappenedAt ?? ''));
  await expect(row).toContainText(inNewYork(alert?.DetectedAt ?? ''));
  await page.getByTestId(`alert-open-${alert?.AlertID}`).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText(inNewYork(alert?.HappenedAt ?? ''));
  await expect(drawer).toContainText(inNewYork(alert?.DetectedAt ?? ''));
});

test('by keyboard alone: log in, open an alert, close it and land back where you were', async ({ page, db }) => {
  const { staff } = await db.companyWithStaff(1);
  const token = await apiLogin(staff.admin);
  const key = await createIngestKey(token);
  const plant = showcasePlant('bonus-abuse', { run: `fk${Date.now().toString(36)}`, n: 2, currency: 'USD' });
  for (const step of plant.steps) await ingest(key, step.events(Date.now()));

  await page.goto('/login');
  await page.locator('input#Account').focus();
  await page.keyboard.type(staff.admin.account);
  await page.keyboard.press('Tab');
  await expect(page.locator('input#Password')).toBeFocused();
  await page.keyboard.type(staff.admin.password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  await page.goto('/monitor/alert-events');
  await expectScreen(page, '/monitor/alert-events');
  const open = page.locator('[data-testid^="alert-open-"]').first();
  await expect(open).toBeVisible();
  await open.focus();
  // The focus is visible: Ant Design draws its outline on keyboard focus.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(open).toBeFocused();
  expect(await open.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  // The drawer holds the focus while open…
  const focusInDrawer = () => page.evaluate(() => document.activeElement?.closest('.ant-drawer') !== null);
  await expect.poll(focusInDrawer).toBe(true);
  await page.keyboard.press('Tab');
  expect(await focusInDrawer()).toBe(true);
  // …and gives it back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();
});
