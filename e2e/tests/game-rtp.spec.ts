import { expect, expectScreen, rowWith, test } from '../fixtures';
import { alertCompany, useSession } from '../fixtures/alerts';
import { unique } from '../fixtures/seed';

/**
 * Game monitoring end to end (issue 17, item 10): a drift planted through the ingest API raises a game
 * alert that appears live on the game alerts screen and on the game dashboard; the evidence drawer shows
 * the RTP chart; the game RTP search lists the game. And outside development the dashboard is a plain
 * "not enabled here" screen without any router warning.
 */

function baseUrl(): string {
  return process.env.PITBOSS_E2E_URL as string;
}

async function call(method: string, path: string, token: string, body: unknown): Promise<unknown> {
  const response = await fetch(new URL(path, baseUrl()), {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** `rounds` bets on `gameId` in the last minutes, each paying 1.5× the stake: an RTP of 150 % against 96 %. */
function drift(gameId: string, rounds: number): Record<string, unknown>[] {
  return Array.from({ length: rounds }, (_, i) => {
    const id = unique(`${gameId}-${i}`);
    return {
      id,
      type: 'bet',
      at: new Date(Date.now() - (rounds - i) * 100).toISOString(),
      memberId: `m-${i % 7}`,
      gameId,
      roundId: id,
      stake: 10,
      payout: i % 2 === 0 ? 30 : 0,
      currency: 'USD',
    };
  });
}

test('a planted drift appears live on the game alerts screen and the dashboard, with its chart, and in the RTP search', async ({
  page,
}) => {
  // Three screens and two drifts on a loaded 2-core machine: a first page load alone once took 30 s.
  test.setTimeout(240_000);
  const company = await alertCompany();
  const type = unique('slot');
  const [g1, g2] = [unique('g1'), unique('g2')];
  await call('POST', '/api/v2/ingest/games', company.ingestKey, [
    { gameId: g1, name: 'Drift One', gameType: type, provider: 'E2E', expectedRtp: 0.96 },
    { gameId: g2, name: 'Drift Two', gameType: type, provider: 'E2E', expectedRtp: 0.96 },
  ]);
  await call('POST', '/api/v2/monitor/game-rtp-settings', company.tokens.admin, {
    EventName: 'E2E drift',
    Scope: 'type',
    GameType: type,
    GameID: null,
    ExpectedRTP: null,
    TimeUnit: 'hour',
    LoopValue: 1,
    MinRounds: 100,
    Levels: [{ Level: 1, Above: 2, Below: null, Confidence: 0.95 }],
    Enabled: true,
  });

  await useSession(page.context(), company.tokens.editor);
  await page.goto('/monitor/gameRTP-alert-events');
  await expectScreen(page, '/monitor/gameRTP-alert-events');
  const table = page.getByTestId('game-alerts-table');
  await expect(table).toBeVisible();

  // The drift arrives through the ingest API while the screen is open: its alert shows without a reload.
  await call('POST', '/api/v2/ingest/events', company.ingestKey, drift(g1, 300));
  await expect(rowWith(table, g1)).toBeVisible({ timeout: 20_000 });

  // The evidence drawer draws the game's RTP over the window against the band.
  await rowWith(table, g1).locator('[data-testid^="game-alert-open-"]').click();
  const drawer = page.getByTestId('game-alert-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('rtp-chart').locator('canvas')).toBeVisible();
  await page.keyboard.press('Escape');

  // The dashboard shows the open alert and the game; a second drift shows up on it live.
  await page.getByRole('menuitem', { name: 'Game dashboard' }).click();
  await expectScreen(page, '/operation-dashboard');
  await expect(page.getByTestId('dashboard-pending')).toContainText('Drift One');
  await expect(page.getByTestId('dashboard-top-games')).toContainText(g1);
  await expect(page.getByTestId('dashboard-types')).toContainText(type);
  await expect(page.getByTestId('rtp-chart').locator('canvas')).toBeVisible();
  await call('POST', '/api/v2/ingest/events', company.ingestKey, drift(g2, 300));
  await expect(page.getByTestId('dashboard-pending')).toContainText('Drift Two', { timeout: 20_000 });
  await expect(page.getByTestId('dashboard-top-games')).toContainText(g2);

  // The RTP search lists both games with their significant deviation, and opens one day by day.
  await page.getByRole('menuitem', { name: 'Check tools' }).click();
  await page.getByRole('menuitem', { name: 'Game RTP search' }).click();
  await expectScreen(page, '/check-tool/gameRTP-search');
  const search = page.getByTestId('rtp-search-table');
  await expect(rowWith(search, g1)).toContainText('150.00 %', { timeout: 30_000 });
  await expect(rowWith(search, g1)).toContainText('96.00 %');
  await expect(rowWith(search, g2)).toBeVisible();
  await page.getByTestId(`rtp-game-${g1}`).click();
  await expect(page.getByTestId('rtp-by-time').locator('tr[data-row-key]')).toHaveCount(1);
});

test('outside development the game dashboard is a plain "not enabled here" screen, without router warnings', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const company = await alertCompany();
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') messages.push(message.text());
  });
  // The server injects its environment into index.html: this page is served as production.
  await page.route(
    (url) => !url.pathname.startsWith('/api') && !/\.[a-z0-9]+$/i.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<meta name="pitboss-config" content="[^"]*"/,
        `<meta name="pitboss-config" content="${JSON.stringify({ env: 'prod' }).replaceAll('"', '&quot;')}"`,
      );
      await route.fulfill({ response, body: html });
    },
  );
  await useSession(page.context(), company.tokens.viewer);
  await page.goto('/operation-dashboard');
  await expectScreen(page, '/operation-dashboard');
  await expect(page.getByTestId('not-enabled')).toContainText('not enabled here');
  // Not in the menu either.
  await expect(page.locator('.ant-menu').getByText('Game dashboard', { exact: false })).toHaveCount(0);
  expect(messages.filter((m) => /react router|no routes matched|route/i.test(m))).toEqual([]);
});
