import path from 'node:path';
import { type Browser, type Page, test } from '@playwright/test';
import { E2E_ADMIN, loginThroughPage } from '../fixtures';
import { seed } from '../fixtures/seed';

/** The player blacklist and whitelist screens, seeded with a believable day of risk work in company 1. */

const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots');
const DESKTOP = { width: 1440, height: 900 };

const MEMBERS = [
  {
    id: 'm-10023',
    nickName: 'LuckyStar88',
    vipLevel: 4,
    memo: 'Shared IP ring with m-10031 and m-10047',
    eventType: 3,
  },
  { id: 'm-10031', nickName: 'dragon_tiger', vipLevel: 2, memo: 'Same device as m-10023', eventType: 4 },
  {
    id: 'm-10047',
    nickName: 'ace.of.hearts',
    vipLevel: 1,
    memo: 'Opposing bets on baccarat table 12',
    eventType: null,
  },
  { id: 'm-20410', nickName: 'Mr Wong', vipLevel: 6, memo: 'Payout ratio 4.8 over 300 bets', eventType: 1 },
  { id: 'm-20877', nickName: 'jackpotjoe', vipLevel: 3, memo: '27 wins in a row on roulette', eventType: 2 },
  { id: 'm-31002', nickName: '', vipLevel: 0, memo: 'Chargeback: card reported stolen', eventType: null },
  { id: 'm-31544', nickName: 'bonus_hunter', vipLevel: 1, memo: 'Bonus points farmed across 9 accounts', eventType: 7 },
  { id: 'm-40215', nickName: 'quickcash', vipLevel: 2, memo: 'Top-ups of 50,000 within an hour', eventType: 5 },
];

async function seedCompanyOne(): Promise<void> {
  const cid = 1;
  const exists = await seed.query('SELECT 1 FROM blacklist_member WHERE cid = $1 AND member_id = $2', [cid, 'm-10023']);
  if (exists.length > 0) return;
  await seed.members(cid, [
    ...MEMBERS,
    { id: 'vip-001', nickName: 'HighRoller', vipLevel: 9 },
    { id: 'vip-002', nickName: 'Golden Lotus', vipLevel: 8 },
  ]);
  await seed.blacklist(
    cid,
    MEMBERS.map((m) => ({ ...m, by: 'risk.amy' })),
  );
  await seed.whitelist(cid, [
    { id: 'vip-001', memo: 'Account manager confirmed: professional player', by: 'risk.amy' },
    { id: 'vip-002', memo: 'High-stakes regular, reviewed monthly', by: 'risk.amy' },
    { id: 'test-qa-01', memo: 'QA test account', by: 'ops.kevin' },
  ]);
  await seed.whitelistIps(cid, [
    { ip: '203.0.113.0/24', memo: 'Office network, Taipei', by: 'ops.kevin' },
    { ip: '198.51.100.7', memo: 'Partner casino lounge', by: 'risk.amy' },
    { ip: '2001:db8:4000::/40', memo: 'Internet café chain (IPv6)', by: 'risk.amy' },
  ]);
  const api = await seed.blockApi(cid, 'Main platform', 'https://platform.example.com/api/risk/lock-member');
  await seed.blockApi(cid, 'Sportsbook', 'https://sports.example.com/v2/members/lock', false);
  await seed.blockApiToken(cid, 'pk_live_7f3a9c21e5b84d02');
  const outcomes = [
    ['m-10023', 'sent', 1, 'Sent: HTTP 200: {"locked":true}'],
    ['m-10031', 'retry', 1, 'Failed, will retry: HTTP 503: upstream unavailable'],
    ['m-10031', 'sent', 2, 'Sent: HTTP 200: {"locked":true}'],
    ['m-20410', 'sent', 1, 'Sent: HTTP 204'],
    ['m-31002', 'cancelled', 1, 'Cancelled: the member was removed from the blacklist before the call was made'],
  ] as const;
  for (const [i, [member, outcome, attempt, memo]] of outcomes.entries()) {
    await seed.query(
      `INSERT INTO block_api_log (cid, member_id, api_id, api_name, outbox_id, attempt, outcome, memo, created_at)
       VALUES ($1, $2, $3, 'Main platform', $4, $5, $6, $7, now() - make_interval(mins => $8))`,
      [cid, member, api, 900 + i, attempt, outcome, memo, (outcomes.length - i) * 7],
    );
  }
}

async function openAs(browser: Browser, dark: boolean, language: 'en' | 'zh' = 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: process.env.PITBOSS_E2E_URL });
  const page = await context.newPage();
  await loginThroughPage(page, E2E_ADMIN.account, E2E_ADMIN.password);
  await page.request.put('/api/v2/auth/update-user-preference', {
    data: { darkMode: dark ? 1 : 0, language },
    headers: { authorization: `Bearer ${(await context.cookies()).find((c) => c.name === 'token')?.value}` },
  });
  return page;
}

async function shoot(page: Page, url: string, file: string, ready: string): Promise<void> {
  await page.goto(url);
  await page.getByTestId(ready).locator('.ant-table-row').first().waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, file) });
}

test('player blacklist and whitelist', async ({ browser }) => {
  await seedCompanyOne();
  const light = await openAs(browser, false);
  await shoot(light, '/monitor/blocklist-setting', 'blacklist-desktop-light.png', 'blacklist-members');
  await shoot(light, '/monitor/blocklist-setting?tab=log', 'blacklist-log-desktop-light.png', 'block-api-log');
  await shoot(light, '/monitor/allowlist-setting', 'whitelist-desktop-light.png', 'whitelist-members');

  // The add dialog's preview: an IP range with host bits set, a bad address, a repeat.
  await shoot(light, '/monitor/allowlist-setting?tab=ip', 'whitelist-ip-desktop-light.png', 'whitelist-ips');
  await light.getByTestId('add-entries').click();
  await light.getByTestId('bulk-paste').fill('192.0.2.15\n10.20.30.40/16\n2001:db8:abcd::/48\n300.1.1.1\n192.0.2.15');
  await light.getByTestId('bulk-memo').fill('VPN exit nodes of the support team');
  await light.waitForTimeout(400);
  await light.screenshot({ path: path.join(OUT, 'whitelist-ip-add-desktop-light.png') });

  const dark = await openAs(browser, true);
  await shoot(dark, '/monitor/blocklist-setting', 'blacklist-desktop-dark.png', 'blacklist-members');
  await dark.goto('/monitor/blocklist-setting?tab=apis');
  await dark.getByTestId('block-apis').locator('.ant-table-row').first().waitFor();
  await dark.waitForTimeout(400);
  await dark.screenshot({ path: path.join(OUT, 'blacklist-apis-desktop-dark.png') });

  const zh = await openAs(browser, false, 'zh');
  await shoot(zh, '/monitor/blocklist-setting', 'blacklist-desktop-light-zh.png', 'blacklist-members');
});
