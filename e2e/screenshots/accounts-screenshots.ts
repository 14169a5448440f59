import path from 'node:path';
import { hash } from '@node-rs/argon2';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { loginThroughPage, test } from '../fixtures';
import { seed } from '../fixtures/seed';

/** Screenshots of user management, system parameters, exchange rates and registration for the README. */
const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots');
const DESKTOP = { width: 1440, height: 900 };
const ADMIN = { account: 'amy.chen', password: 'Screenshot-pass-2026' };

let companyName = '';

async function call(request: APIRequestContext, token: string, method: string, url: string, data?: unknown) {
  const res = await request.fetch(url, { method, data, headers: { authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** A publisher company with a believable team, groups, invitations, allowlist and rates. */
async function seedCompany(request: APIRequestContext): Promise<void> {
  companyName = `Golden Reef Games ${Date.now().toString(36).slice(-4)}`;
  const cid = await seed.company(companyName, 2);
  const [user] = await seed.query<{ aid: number }>(
    `INSERT INTO app_user (account, name, mail, password_hash, last_cid) VALUES ($1, 'Amy Chen', 'amy.chen@goldenreef.example', $2, $3)
     ON CONFLICT DO NOTHING RETURNING aid`,
    [ADMIN.account, await hash(ADMIN.password), cid],
  );
  if (!user) throw new Error('Run the screenshots on a fresh e2e server');
  await seed.query(`INSERT INTO company_user (cid, aid, role) VALUES ($1, $2, 'admin')`, [cid, user.aid]);
  const login = await request.post('/api/v2/auth/login', {
    data: { Account: ADMIN.account, Password: ADMIN.password },
  });
  const { token } = await login.json();
  const groups: Record<string, number> = {};
  for (const [Name, Memo] of [
    ['Risk desk', 'Day-shift analysts'],
    ['Night shift', '22:00 to 06:00'],
    ['Payments', 'Top-ups and transfers'],
  ]) {
    groups[Name as string] = (await call(request, token, 'POST', '/api/v2/system/user/group', { Name, Memo })).GroupID;
  }
  const people = [
    ['Brian Lee', 'brian.lee', 'Editor', 'Risk desk', true],
    ['Carol Wu', 'carol.wu', 'Viewer', 'Night shift', true],
    ['David Ng', 'david.ng', 'Editor', 'Payments', true],
    ['Erin Ho', 'erin.ho', 'Viewer', 'Night shift', false],
    ['Frank Lin', 'frank.lin', 'Viewer', 'Risk desk', true],
    ['Alerts inbox', 'alerts-inbox', 'Mail', undefined, false],
  ] as const;
  for (const [Name, Account, Tags, group, withPassword] of people) {
    const { AID } = await call(request, token, 'POST', '/api/v2/system/user', {
      Name,
      Account,
      Tags,
      Mail: `${Account}@goldenreef.example`,
      ...(withPassword ? { Password: 'Welcome-aboard-42' } : {}),
      ...(group ? { GroupID: groups[group] } : {}),
    });
    if (Account === 'frank.lin') await call(request, token, 'PUT', `/api/v2/system/user/${AID}`, { Status: 0 });
  }
  await call(request, token, 'POST', '/api/v2/system/user/invite', {
    Mail: 'grace.kim@partner.example',
    Tags: 'Editor',
  });
  await call(request, token, 'PUT', '/api/v2/system/ip-allowlist', {
    IPs: [
      { IP: '127.0.0.1', Memo: 'This office' },
      { IP: '203.0.113.0/24', Memo: 'Taipei office' },
      { IP: '198.51.100.17', Memo: 'VPN gateway' },
      { IP: '2001:db8:1200::/40', Memo: 'Backup site' },
    ],
  });
  // Ingest keys: one in use, one waiting for its platform, one revoked.
  const key = async (Name: string) => (await call(request, token, 'POST', '/api/v2/system/ingest-keys', { Name })).data;
  const staging = await key('Staging platform');
  await call(request, token, 'DELETE', `/api/v2/system/ingest-keys/${staging.KeyID}`);
  await key('Backup data centre');
  const production = await key('Production platform');
  const sent = await request.post('/api/v2/ingest/events', {
    headers: { authorization: `Bearer ${production.Key}` },
    data: [{ id: 'shot-1', type: 'login', at: new Date().toISOString(), memberId: 'm-1', ip: '203.0.113.7' }],
  });
  if (!sent.ok()) throw new Error(`ingest: ${sent.status()} ${await sent.text()}`);
  await call(request, token, 'POST', '/api/v2/system/currency', {
    currency_UDT: [
      { Currency: 'TWD', Rate: 0.0309, Date: '2026-10-01' },
      { Currency: 'TWD', Rate: 0.0312, Date: '2026-11-01' },
      { Currency: 'HKD', Rate: 0.1283, Date: '2026-11-01' },
      { Currency: 'EUR', Rate: 1.0842, Date: '2026-11-01' },
      { Currency: 'JPY', Rate: 0.00664, Date: '2026-11-15' },
      { Currency: 'USDT', Rate: 0.9998, Date: '2026-11-15' },
    ],
  });
}

async function adminPage(browser: Browser, dark: boolean, language: 'en' | 'zh'): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: process.env.PITBOSS_E2E_URL });
  const page = await context.newPage();
  await loginThroughPage(page, ADMIN.account, ADMIN.password);
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
  await call(page.request, token, 'PUT', '/api/v2/auth/update-user-preference', {
    darkMode: dark ? 1 : 0,
    language,
  });
  return page;
}

async function shoot(page: Page, route: string, file: string, ready: string): Promise<void> {
  await page.goto(route);
  await page.getByTestId(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  // A viewport as tall as the page, so the sticky menu reaches the bottom of the picture.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: DESKTOP.width, height: Math.max(DESKTOP.height, height) });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, file) });
  await page.setViewportSize(DESKTOP);
}

test.describe.configure({ mode: 'serial' });

test('seed the screenshot company', async ({ request }) => {
  await seedCompany(request);
});

for (const theme of ['light', 'dark'] as const) {
  test(`users and system parameters, ${theme}`, async ({ browser }) => {
    const page = await adminPage(browser, theme === 'dark', 'en');
    await shoot(page, '/setting/users', `users-desktop-${theme}.png`, 'user-actions-brian.lee');
    await shoot(page, '/setting/system-setting', `system-setting-desktop-${theme}.png`, 'allowlist-row');
    if (theme === 'light') {
      await page.getByTestId('ingest-keys').screenshot({ path: path.join(OUT, 'ingest-keys-desktop-light.png') });
      await page.getByTestId('ingest-keys').getByRole('button', { name: 'New key' }).click();
      await page.getByTestId('create-ingest-key').locator('#Name').fill('Reporting warehouse');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByTestId('new-ingest-key').waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(OUT, 'ingest-key-created-desktop-light.png') });
      await page.getByRole('button', { name: 'I have stored the key' }).click();
    }
    await page.context().close();
  });
}

test('users in Traditional Chinese, invitations, mail log, exchange rates, generator and registration', async ({
  browser,
}) => {
  const page = await adminPage(browser, false, 'zh');
  await shoot(page, '/setting/users', 'users-desktop-light-zh.png', 'user-actions-brian.lee');
  const en = await adminPage(browser, false, 'en');
  await shoot(en, '/setting/users?tab=invitations', 'invitations-desktop-light.png', 'page-title');
  await shoot(en, '/setting/users?tab=mail', 'mail-log-desktop-light.png', 'mail-log');
  await shoot(en, '/setting/currency-setting', 'currency-desktop-light.png', 'rates-in-force');
  await en.goto('/sign-up-generator');
  await en.getByRole('button', { name: 'Generate link' }).click();
  const url = await en.getByTestId('generated-url').innerText();
  await en.getByTestId('generated-link').waitFor();
  await en.screenshot({ path: path.join(OUT, 'sign-up-generator-desktop-light.png') });
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const register = await visitor.newPage();
  await register.goto(url.trim());
  await register.getByTestId('register-invitation').waitFor();
  await register.waitForTimeout(300);
  await register.screenshot({ path: path.join(OUT, 'register-desktop-light-zh.png') });
  await visitor.close();
});
