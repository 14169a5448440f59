import AxeBuilder from '@axe-core/playwright';
import { SHOWCASE_KINDS, showcasePlant } from '@pitboss/simulator/demo';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { apiLogin, createIngestKey, ingest, useSession, waitForAlerts } from '../fixtures/alerts';
import { expectedMenu } from '../fixtures/menu';

/**
 * Issue 22, item 9: axe-core on every screen, light and dark, as the admin of a platform (which sees
 * every monitor and check tool) and of a publisher (reconciliation, sign-up generator, currency):
 * no critical and no serious violation of WCAG 2.1 A/AA. The platform company holds an alert of every
 * kind (the demo's showcase plants), so the lists, tags and drawers are audited with data in them.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function audit(page: Page, label: string): Promise<string[]> {
  // Let the screen's queries settle: spinners gone, the title shown.
  await expect(page.getByTestId('page-title').or(page.locator('form')).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} (${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)})`)
          .join(' | ')}`,
    );
}

async function plantEveryAlertKind(adminAccount: { account: string; password: string }): Promise<void> {
  const token = await apiLogin(adminAccount);
  const key = await createIngestKey(token);
  const base = process.env.PITBOSS_E2E_URL;
  for (const [n, kind] of SHOWCASE_KINDS.entries()) {
    const plant = showcasePlant(kind, { run: `a11y${Date.now().toString(36)}`, n, currency: 'USD' });
    if (plant.games.length > 0) {
      const res = await fetch(`${base}/api/v2/ingest/games`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(plant.games),
      });
      expect(res.status).toBe(200);
    }
    let now = Date.now() - 120_000;
    for (const step of plant.steps) {
      now += Math.min(step.afterMs, 10_000);
      const events = step.events(now);
      for (let i = 0; i < events.length; i += 5_000) await ingest(key, events.slice(i, i + 5_000));
    }
  }
  await waitForAlerts(token, 7);
}

/** Screens only a publisher's admin has (the rest are audited in the platform company). */
const PUBLISHER_ONLY = expectedMenu('admin', 'publisher').filter((p) => !expectedMenu('admin', 'platform').includes(p));

test('the login page: no critical or serious axe violation', async ({ page }) => {
  await page.goto('/login');
  expect(await audit(page, '/login')).toEqual([]);
});

for (const type of ['platform', 'publisher'] as const) {
  for (const dark of [false, true]) {
    test.describe(`${type}, ${dark ? 'dark' : 'light'}`, () => {
      let token = '';
      test.beforeAll(async ({ db }) => {
        test.setTimeout(180_000);
        const { staff } = await db.companyWithStaff(type === 'platform' ? 1 : 2);
        if (type === 'platform') await plantEveryAlertKind(staff.admin);
        await db.query('UPDATE app_user SET dark_mode = $2, language = $3 WHERE aid = $1', [
          staff.admin.aid,
          dark ? 1 : 0,
          dark ? 'en' : 'zh',
        ]);
        token = await apiLogin(staff.admin);
      });

      for (const path of type === 'platform' ? expectedMenu('admin', type) : PUBLISHER_ONLY) {
        test(`${path}: no critical or serious axe violation`, async ({ page, context }) => {
          await useSession(context, token);
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('data-theme', dark ? 'dark' : 'light', {
            timeout: 30_000,
          });
          expect(await audit(page, path)).toEqual([]);
        });
      }

      if (type === 'platform') {
        test("an alert's evidence drawer: no critical or serious axe violation", async ({ page, context }) => {
          await useSession(context, token);
          await page.goto('/monitor/alert-events');
          await page.locator('[data-testid^="alert-open-"]').first().click();
          await expect(page.getByTestId('alert-evidence')).toBeVisible({ timeout: 30_000 });
          expect(await audit(page, 'alert drawer')).toEqual([]);
        });
      }
    });
  }
}
