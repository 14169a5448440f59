import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, startServer } from '@pitboss/server';
import { freePort } from '@pitboss/server/testing';
import { showcasePlant } from '@pitboss/simulator/demo';
import type { Page } from '@playwright/test';
import { expect, expectScreen, loginInEnglish, pickOption, rowWith, test } from '../fixtures';
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

  // The alert overview counts the incident once, at its highest level.
  await page.goto(`/check-tool/alert?MemberIDs=${plant.subject}`);
  await expectScreen(page, '/check-tool/alert');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('L3');
  await expect(rows(page).first().getByRole('link', { name: '1', exact: true })).toBeVisible();
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

/** A platform's block API on 127.0.0.1: locks every member, or refuses every one with 404 when `refuse`. */
async function blockApiStub(refuse: boolean) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (refuse) res.writeHead(404, { 'content-type': 'text/plain' }).end('unknown member');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"locked":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/lock`, close: () => server.close() };
}

/** The one alert of `memberId`, once the detectors have raised it. */
async function alertOf(token: string, memberId: string): Promise<AlertRow> {
  let alert: AlertRow | undefined;
  await expect
    .poll(async () => {
      alert = (
        await getJson<{ data: { recordset: AlertRow[] } }>(token, `/api/v2/monitor/alert-events?MemberIDs=${memberId}`)
      ).data.recordset[0];
      return alert?.MemberID;
    })
    .toBe(memberId);
  return alert as AlertRow;
}

test("honest actions: blacklist and process from the alert in one step; the alert and the blacklist show each lock call's outcome", async ({
  page,
  db,
}) => {
  const { cid, staff } = await db.companyWithStaff(1);
  await db.language(staff.editor.aid, 'en');
  const admin = await apiLogin(staff.admin);
  const key = await createIngestKey(admin);
  const casino = await blockApiStub(false);
  const sports = await blockApiStub(true);
  try {
    await db.blockApi(cid, 'Casino', casino.url);
    await db.blockApi(cid, 'Sports', sports.url);
    await db.blockApiToken(cid, 'platform-token-1');
    const plant = showcasePlant('heavy-top-up', { run: `fb${Date.now().toString(36)}`, n: 3, currency: 'USD' });
    for (const step of plant.steps) await ingest(key, step.events(Date.now()));
    await alertOf(admin, plant.subject);

    await useSession(page.context(), await apiLogin(staff.editor));
    await page.goto(`/monitor/alert-events?MemberIDs=${plant.subject}`);
    await expectScreen(page, '/monitor/alert-events');
    await rows(page).first().getByRole('button', { name: 'Details' }).click();
    await page.getByTestId('alert-blacklist').click();
    const modal = page.getByTestId('blacklist-modal');
    // Block APIs lock here: no warning that nobody is locked.
    await expect(modal.getByTestId('no-locking-api')).toHaveCount(0);
    await expect(modal.getByTestId('blacklist-process')).toBeChecked();
    await modal.locator('textarea').fill('top-up with a stolen card');
    await modal.getByRole('button', { name: 'Add to blacklist' }).click();

    // The drawer follows each lock call to its outcome: locked on one platform, refused by the other.
    const state = page.getByTestId('alert-detail').getByTestId('members-lock-state');
    await expect(state.getByTestId('lock-state').filter({ hasText: 'Casino: locked' })).toBeVisible({
      timeout: 30_000,
    });
    const failed = state.getByTestId('lock-state').filter({ hasText: 'Sports: failed' });
    await expect(failed).toBeVisible({ timeout: 30_000 });
    await failed.hover();
    await expect(page.getByRole('tooltip')).toContainText('HTTP 404: unknown member');

    const processed = await getJson<{ data: { recordset: { Status: number; Memo: string }[] } }>(
      admin,
      `/api/v2/monitor/alert-events?MemberIDs=${plant.subject}`,
    );
    expect(processed.data.recordset).toEqual([
      expect.objectContaining({ Status: 1, Memo: 'top-up with a stolen card' }),
    ]);

    // The blacklist says the same of the member.
    await page.goto('/monitor/blocklist-setting');
    await expectScreen(page, '/monitor/blocklist-setting');
    await expect(page.getByTestId('no-locking-api')).toHaveCount(0);
    const entry = rowWith(page, plant.subject);
    await expect(entry).toContainText('Casino: locked');
    await expect(entry).toContainText('Sports: failed');
  } finally {
    casino.close();
    sports.close();
  }
});

test('without a mail server, the admin is given the invitation and reset links to pass on, with a copy button', async ({
  browser,
}) => {
  test.slow();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-e2e-nomail-'));
  // A second server, over the embedded database, with no SMTP_URL.
  const server = await startServer(
    loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      PITBOSS_DATA_DIR: dataDir,
      PITBOSS_ADMIN_ACCOUNT: 'admin',
      PITBOSS_ADMIN_PASSWORD: 'No-mail-admin-2026',
      PITBOSS_CONSOLE_DIR: process.env.PITBOSS_E2E_CONSOLE_DIR,
      PITBOSS_PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
    }),
  );
  const context = await browser.newContext({ baseURL: url });
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    const page = await context.newPage();
    await loginInEnglish(page, 'admin', 'No-mail-admin-2026');
    await page.goto('/setting/users');
    await expectScreen(page, '/setting/users');

    // An invitation: nothing pretends it was mailed; the link is there to copy.
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByTestId('create-user');
    await dialog.locator('#Name').fill('Invited Colleague');
    await dialog.locator('#Account').fill('invitee1');
    await dialog.locator('#Mail').fill('invitee1@example.com');
    await pickOption(page, dialog.locator('#Tags'), 'Viewer');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const unsent = page.getByTestId('unsent-link');
    await expect(unsent).toContainText('No mail was sent');
    await expect(page.getByText(/an invitation was mailed/)).toHaveCount(0);
    const invitation = (await page.getByTestId('unsent-link-url').innerText()).trim();
    expect(invitation).toMatch(new RegExp(`^${url}/register/`));
    await unsent.getByRole('button', { name: /Copy/ }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(invitation);
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(unsent).toBeHidden();

    // The link works: the invitee's registration page knows the account.
    const theirs = await context.newPage();
    await theirs.goto(invitation);
    await expect(theirs.getByTestId('invited-account')).toHaveValue('invitee1');
    await theirs.close();

    // A password reset for a user with a password: the same.
    await page.getByRole('button', { name: 'Add user' }).click();
    await dialog.locator('#Name').fill('Active Colleague');
    await dialog.locator('#Account').fill('active1');
    await dialog.locator('#Mail').fill('active1@example.com');
    await pickOption(page, dialog.locator('#Tags'), 'Viewer');
    await dialog.getByRole('switch').click();
    await dialog.locator('#Password').fill('Quartz-river-31');
    await dialog.locator('#confirm').fill('Quartz-river-31');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(rowWith(page, 'active1')).toContainText('Active');
    await page.getByRole('button', { name: 'More actions for active1' }).click();
    await page.getByRole('menuitem', { name: 'Reset password' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Reset password' }).click();
    await expect(unsent).toContainText('No mail was sent');
    await expect(page.getByTestId('unsent-link-url')).toContainText(`${url}/resetPassword/`);
  } finally {
    await context.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("language everywhere: seeded rule names and the system author in the reader's language; the public pages switch language", async ({
  page,
  db,
}) => {
  const { staff } = await db.companyWithStaff(1);
  await db.language(staff.viewer.aid, 'zh');
  await useSession(page.context(), await apiLogin(staff.viewer));
  await page.goto('/monitor/alert-setting');
  await expectScreen(page, '/monitor/alert-setting');
  const table = page.locator('.ant-table-tbody');
  await expect(table).toContainText('高賠率');
  await expect(table).toContainText('系統');
  await expect(table).not.toContainText('High ratio');
  await expect(table).not.toContainText('system');

  // Logged out, the registration and reset pages open in the language last used, and switch.
  await page.context().clearCookies();
  await page.goto('/register/some-token');
  await expect(page.getByTestId('page-title')).toHaveText('註冊');
  await page.getByTestId('public-languages').getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('page-title')).toHaveText('Register');
  await page.goto('/resetPassword/some-token');
  await expect(page.getByTestId('page-title')).toHaveText('Reset password');
  await page.getByTestId('public-languages').getByRole('button', { name: '简体中文' }).click();
  await expect(page.getByTestId('page-title')).toHaveText('重置密码');
});

/** A CSV download parsed with its quotes (fields may hold commas). */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field.replace(/\r$/, ''));
      out.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) out.push([...row, field]);
  return out;
}

test('the small things: "1 row", the CSV names value, comparison and threshold with ISO times and offsets, the overview filters by member', async ({
  page,
  db,
}) => {
  const { token, key } = await platform(db);
  const plant = showcasePlant('heavy-top-up', { run: `fs${Date.now().toString(36)}`, n: 4, currency: 'USD' });
  for (const step of plant.steps) await ingest(key, step.events(Date.now()));
  await alertOf(token, plant.subject);
  await useSession(page.context(), token);

  await page.goto('/monitor/alert-events');
  await expectScreen(page, '/monitor/alert-events');
  await expect(page.locator('.ant-pagination-total-text')).toHaveText('1 row');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Export CSV/ }).click();
  const file = await (await download).path();
  const [header, first] = parseCsv(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  expect(header).toEqual(expect.arrayContaining(['Value', 'Comparison', 'Threshold', 'Happened at', 'First detected']));
  const at = (name: string) => first?.[header?.indexOf(name) ?? -1] ?? '';
  expect(at('Value')).toMatch(/^\d/);
  expect(at('Threshold')).toMatch(/^\d/);
  expect(at('Comparison')).not.toBe('');
  for (const name of ['Happened at', 'First detected']) {
    expect(at(name)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/);
  }

  // The blacklist names alert types, no raw type numbers.
  await page.goto('/monitor/blocklist-setting');
  await expectScreen(page, '/monitor/blocklist-setting');
  await expect(page.getByRole('columnheader', { name: /Type no/ })).toHaveCount(0);

  // The alert overview takes member IDs: with a second member alerted, it narrows to the one named.
  const other = showcasePlant('heavy-top-up', { run: `fs${Date.now().toString(36)}`, n: 5, currency: 'USD' });
  for (const step of other.steps) await ingest(key, step.events(Date.now()));
  await alertOf(token, other.subject);
  await page.goto('/check-tool/alert');
  await expectScreen(page, '/check-tool/alert');
  await page.getByLabel('Member IDs').fill(plant.subject);
  await page.getByTestId('filter-search').click();
  await expect(page).toHaveURL(new RegExp(`MemberIDs=${plant.subject}`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(plant.subject);
});
