import type { Page } from '@playwright/test';
import { expect, expectScreen, test } from '../fixtures';
import { apiLogin, createIngestKey, getJson, ingest, useSession } from '../fixtures/alerts';
import { seed, unique } from '../fixtures/seed';

/**
 * Opposing bets (issue 18): planted opposing bets fed through the ingest API raise an alert that appears
 * live on the alerts screen, its evidence shows the rounds, and the search finds the counterpart; the
 * settings screen edits the setting (viewers read only).
 */
let tokens: { admin: string; viewer: string };
let ingestKey: string;
const a = unique('lau-a');
const b = unique('lau-b');

async function post(path: string, token: string, body: unknown): Promise<Response> {
  return fetch(new URL(path, process.env.PITBOSS_E2E_URL), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** One round of baccarat: `a` on banker, `b` on player with a stake within 10 %; banker wins. */
function round(n: number, secondsAgo: number): Record<string, unknown>[] {
  const at = new Date(Date.now() - secondsAgo * 1000).toISOString();
  const roundId = unique(`round-${n}`);
  const base = { type: 'bet', at, gameId: 'e2e-bac-1', roundId, currency: 'USD', gameType: 'baccarat' };
  return [
    { ...base, id: unique('bet'), memberId: a, side: 'banker', stake: 100, payout: 195 },
    { ...base, id: unique('bet'), memberId: b, side: 'player', stake: 97, payout: 0 },
  ];
}

test.beforeAll(async () => {
  const { cid, staff } = await seed.companyWithStaff(1);
  for (const user of Object.values(staff)) {
    await seed.query("UPDATE app_user SET language = 'en' WHERE aid = $1", [user.aid]);
  }
  void cid;
  tokens = { admin: await apiLogin(staff.admin), viewer: await apiLogin(staff.viewer) };
  // One setting of the test's own (through its API): the company's default one goes, so one pair of
  // members raises one alert.
  const existing = await getJson<{ data: { recordset: { EventID: number }[] } }>(
    tokens.admin,
    '/api/v2/monitor/laundering-settings',
  );
  for (const { EventID } of existing.data.recordset) {
    const gone = await fetch(new URL(`/api/v2/monitor/laundering-settings/${EventID}`, process.env.PITBOSS_E2E_URL), {
      method: 'DELETE',
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(gone.status).toBe(200);
  }
  const created = await post('/api/v2/monitor/laundering-settings', tokens.admin, {
    EventName: 'E2E opposing bets',
    SidePairs: [
      ['banker', 'player'],
      ['big', 'small'],
    ],
    GameTypes: [],
    MinStake: 10,
    StakeTolerance: 10,
    TimeUnit: 'day',
    LoopValue: 1,
    Enabled: true,
    Levels: [
      { Level: 1, Rounds: 3, MatchedStake: 0, Op: 'or' },
      { Level: 2, Rounds: 6, MatchedStake: 0, Op: 'or' },
    ],
  });
  expect(created.status).toBe(200);
  ingestKey = await createIngestKey(tokens.admin);
});

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test('planted opposing bets raise an alert live; its evidence shows the rounds; the search finds the counterpart', async ({
  page,
}) => {
  test.slow(); // a busy shared machine: ingestion, the live push, three screens
  await useSession(page.context(), tokens.admin);
  await page.goto('/monitor/laundering-alert-events');
  await expectScreen(page, '/monitor/laundering-alert-events');
  await expect(page.locator('.ant-table-placeholder')).toBeVisible();

  // Two rounds: below the level-1 threshold; the third raises it while the screen is open.
  // A round is decided once the company's events are 2 minutes past it: the login now closes round 3.
  await ingest(ingestKey, [...round(1, 400), ...round(2, 300)]);
  await ingest(ingestKey, [
    ...round(3, 200),
    { type: 'login', id: unique('login'), at: new Date().toISOString(), memberId: unique('clock'), ip: '10.20.30.40' },
  ]);
  await expect(page.getByTestId('live-notice')).toBeVisible({ timeout: 20_000 });
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(a);
  await expect(rows(page).first()).toContainText(b);

  await rows(page).first().getByRole('button', { name: 'Evidence' }).click();
  const drawer = page.getByTestId('laundering-alert-drawer');
  await expect(drawer.getByTestId('matched-rounds').locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(drawer.getByTestId('matched-rounds')).toContainText('banker');
  await expect(page).toHaveURL(/alert=\d+/);

  // From the alert's member to the search: the counterpart, and the rounds behind it.
  await drawer.getByRole('link', { name: a }).click();
  await expectScreen(page, '/monitor/laundering-search');
  const found = rows(page).filter({ hasText: b });
  await expect(found).toHaveCount(1);
  await found.getByTestId(`drill-${b}`).click();
  await expect(page.getByTestId('counterpart-rounds').locator('tbody tr.ant-table-row')).toHaveCount(3);

  const api = await getJson<{ data: { recordset: { Counterpart: string; Rounds: number }[] } }>(
    tokens.viewer,
    `/api/v2/monitor/laundering-search?MemberIDs=${b}`,
  );
  expect(api.data.recordset.map((r) => [r.Counterpart, r.Rounds])).toEqual([[a, 3]]);
});

test('the settings screen: admins edit the pairs of sides, viewers only read', async ({ page }) => {
  test.slow(); // two sessions, a drawer opened three times on a busy shared machine
  await useSession(page.context(), tokens.admin);
  await page.goto('/monitor/laundering-alert-setting');
  await expectScreen(page, '/monitor/laundering-alert-setting');
  const row = page.locator('tr[data-row-key]', { hasText: 'E2E opposing bets' });
  await expect(row).toContainText('banker ↔ player');
  await row.getByRole('button', { name: 'Edit' }).click();
  const drawer = page.getByTestId('laundering-setting-drawer');
  // A custom pair whose two sides are the same is refused on its field.
  await drawer.getByTestId('add-side-pair').click();
  await drawer.getByLabel('Pair 3, first side').fill('red');
  await drawer.getByLabel('Pair 3, opposite side').fill('RED');
  await page.getByTestId('laundering-setting-save').click();
  await expect(drawer.getByText('The two sides must differ')).toBeVisible();
  await drawer.getByLabel('Pair 3, opposite side').fill('black');
  await page.getByTestId('laundering-setting-save').click();
  await expect(drawer).toBeHidden();
  await expect(row).toContainText('red ↔ black');

  await useSession(page.context(), tokens.viewer);
  await page.goto('/monitor/laundering-alert-setting');
  await expectScreen(page, '/monitor/laundering-alert-setting');
  await expect(page.getByTestId('laundering-setting-create')).toHaveCount(0);
  await page
    .locator('tr[data-row-key]', { hasText: 'E2E opposing bets' })
    .getByRole('button', { name: 'View' })
    .click();
  await expect(page.getByTestId('laundering-setting-drawer')).toBeVisible();
  await expect(page.getByTestId('laundering-setting-save')).toHaveCount(0);
});
