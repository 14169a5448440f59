import path from 'node:path';
import { type Browser, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../fixtures';
import { apiLogin, createIngestKey, createRule, getJson, ingest, useSession } from '../fixtures/alerts';
import { seed } from '../fixtures/seed';

/**
 * The four alert screens — risk dashboard, player settings, player alerts (with the evidence drawer)
 * and the alert overview — over a believable day of alerts in company 1, raised through the ingest API.
 */

const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots');
const DESKTOP = { width: 1440, height: 900 };
const HOUR = 3600_000;

let serial = 0;
function event(type: string, memberId: string, hoursAgo: number, fields: Record<string, unknown>) {
  serial += 1;
  return {
    id: `shot-${type}-${serial}`,
    type,
    memberId,
    at: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
    ...fields,
  };
}

const PLAYERS = [
  { id: 'm-20410', nick: 'Mr Wong' },
  { id: 'm-20877', nick: 'jackpotjoe' },
  { id: 'm-10023', nick: 'LuckyStar88' },
  { id: 'm-31544', nick: 'bonus_hunter' },
  { id: 'm-40215', nick: 'quickcash' },
  { id: 'm-11802', nick: 'panda_panda' },
  { id: 'm-55120', nick: 'nightowl' },
  { id: 'm-60331', nick: 'baccarat_king' },
];

/** A day of events: winners (ratio, streaks), an IP ring, big top-ups and transfers, bonus farming. */
function dayOfEvents(): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [];
  PLAYERS.forEach((p, i) => {
    events.push(event('register', p.id, 30 + i, { ip: `198.51.100.${20 + i}`, nickName: p.nick, vipLevel: i % 5 }));
  });
  // Ratio and streaks: bets spread over the day.
  const winners: [string, number, number, number][] = [
    ['m-20410', 22, 12, 4.8],
    ['m-20877', 18, 10, 2.1],
    ['m-60331', 9, 8, 12.5],
    ['m-11802', 4, 6, 3.2],
    ['m-55120', 2, 5, 1.9],
  ];
  for (const [member, startHour, bets, ratio] of winners) {
    for (let b = 0; b < bets; b += 1) {
      const stake = 100 + ((b * 37) % 400);
      events.push(
        event('bet', member, startHour - b * 0.4, {
          gameId: b % 2 ? 'baccarat-12' : 'roulette-3',
          roundId: `r-${member}-${b}`,
          stake,
          payout: Math.round(stake * ratio),
          currency: 'USD',
          side: b % 2 ? 'banker' : 'red',
        }),
      );
    }
  }
  // An account ring behind one IP.
  ['m-10023', 'm-10031', 'm-10047', 'm-10052', 'm-10066', 'm-10071'].forEach((member, i) => {
    events.push(event('login', member, 7 - i * 0.3, { ip: '203.0.113.77', device: `android-${i}` }));
  });
  ['m-70001', 'm-70002', 'm-70003', 'm-70004'].forEach((member, i) => {
    events.push(event('login', member, 15 - i * 0.5, { ip: '192.0.2.14' }));
  });
  // Large top-ups and transfers, bonus farming.
  [12_000, 18_500, 26_000].forEach((amount, i) => {
    events.push(event('purchase', 'm-40215', 5 - i, { amount, currency: 'USD', platform: 'card' }));
  });
  [8_000, 9_500].forEach((amount, i) => {
    events.push(event('purchase', 'm-11802', 11 - i, { amount, currency: 'USD', platform: 'bank' }));
  });
  [60_000, 45_000].forEach((amount, i) => {
    events.push(event('transfer', 'm-20410', 3 - i, { amount, currency: 'USD', direction: i ? 'out' : 'in' }));
  });
  for (let i = 0; i < 6; i += 1) {
    events.push(event('bonus', 'm-31544', 9 - i * 0.5, { points: 900, eventName: 'Weekend reload' }));
  }
  return events;
}

async function seedCompanyOne(): Promise<string> {
  const token = await apiLogin(E2E_ADMIN);
  const rules = await getJson<{ data: { recordset: { EventName: string }[] } }>(
    token,
    '/api/v2/monitor/alert-settings',
  );
  if (rules.data.recordset.some((r) => r.EventName === 'Big winners (screenshots)')) return token;
  const levels = (op: string, values: number[], minSample: number) =>
    values.map((Value, i) => ({ Level: i + 1, Op: op, Value, MinSample: minSample }));
  const definitions: [string, number, string, number, string, number[], number][] = [
    ['Big winners (screenshots)', 1, 'day', 1, '>', [1.5, 3, 8], 2],
    ['Win streak', 2, 'day', 1, '>=', [5, 8, 11], 1],
    ['Shared IP', 3, 'hour', 6, '>=', [3, 5, 8], 1],
    ['Large top-ups', 5, 'day', 1, '>=', [10_000, 25_000, 50_000], 1],
    ['Large transfers', 6, 'day', 1, '>=', [20_000, 50_000, 100_000], 1],
    ['Bonus farming', 7, 'day', 1, '>=', [2_000, 4_000, 8_000], 1],
  ];
  for (const [EventName, EventType, TimeUnit, LoopValue, op, values, minSample] of definitions) {
    await createRule(token, { EventName, EventType, TimeUnit, LoopValue, Levels: levels(op, values, minSample) });
  }
  await ingest(await createIngestKey(token), dayOfEvents());
  // Some reviews already done.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const pending = await getJson<{ data: { recordset: { AlertID: number }[] } }>(
    token,
    '/api/v2/monitor/alert-events?sort=CreateDate%20Asc&pageSize=4',
  );
  const ids = pending.data.recordset.map((a) => a.AlertID);
  if (ids.length) {
    await fetch(new URL('/api/v2/monitor/alert-events', process.env.PITBOSS_E2E_URL), {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ AlertIDs: ids, Memo: 'Reviewed with the VIP desk: known professional player' }),
    });
  }
  await seed.query("UPDATE app_user SET language = 'en' WHERE account = $1", [E2E_ADMIN.account]);
  return token;
}

async function open(browser: Browser, token: string, dark: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: process.env.PITBOSS_E2E_URL });
  await context.request.put('/api/v2/auth/update-user-preference', {
    data: { darkMode: dark ? 1 : 0, language: 'en' },
    headers: { authorization: `Bearer ${token}` },
  });
  await useSession(context, token);
  return context.newPage();
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
}

test('alert screens, light and dark', async ({ browser }) => {
  test.setTimeout(120_000);
  const token = await seedCompanyOne();
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    const page = await open(browser, token, dark);
    await page.goto('/dashboard');
    await page.getByTestId('trend-chart').waitFor();
    await shot(page, `risk-dashboard-${theme}`);

    await page.goto('/monitor/alert-events');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await shot(page, `alert-events-${theme}`);
    await page.goto('/monitor/alert-events?MemberIDs=m-20410&EventTypes=1');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().getByRole('button', { name: 'Details' }).click();
    await page.getByTestId('member-activity').waitFor();
    await shot(page, `alert-detail-${theme}`);

    if (!dark) {
      await page.goto('/monitor/alert-setting');
      await page.getByTestId('rules-table').locator('tr.ant-table-row').first().waitFor();
      await shot(page, 'alert-settings-light');
      await page.locator('tr.ant-table-row', { hasText: 'Big winners' }).getByRole('button', { name: 'Edit' }).click();
      await page.getByTestId('level-rows').waitFor();
      await shot(page, 'alert-rule-editor-light');

      await page.goto('/check-tool/alert?period=24h');
      await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      await shot(page, 'alert-overview-light');
    }
    await page.context().close();
  }
});
