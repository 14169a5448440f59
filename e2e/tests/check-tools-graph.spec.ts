import { expect, expectScreen, test } from '../fixtures';
import { alertCompany, ingest, login, useSession } from '../fixtures/alerts';
import { unique } from '../fixtures/seed';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('linked accounts graph: the seed highlighted, one hop and two, keyboard opens a member overview', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const company = await alertCompany();
  const member = unique('m-seed');
  const partner = unique('m-hop1');
  const third = unique('m-hop2');
  const ip = `198.51.100.${10 + Math.floor(Math.random() * 200)}`;
  const ip2 = `203.0.113.${10 + Math.floor(Math.random() * 200)}`;
  const device = unique('dev');
  await ingest(company.ingestKey, [
    login(member, ip, 120),
    login(partner, ip, 110),
    { ...login(partner, ip2, 100), device },
    { ...login(third, `192.0.2.${10 + Math.floor(Math.random() * 200)}`, 90), device },
  ]);

  await useSession(page.context(), company.tokens.viewer);
  await page.goto(`/check-tool/member-overview?Start=${day(-2)}&End=${day(1)}&MemberIDs=${member}`);
  await expectScreen(page, '/check-tool/member-overview');
  const graph = page.getByTestId('linked-accounts-graph');
  const seedNode = graph.getByTestId(`graph-node-${member}`);
  await expect(seedNode).toHaveAttribute('data-hop', '0', { timeout: 60_000 });
  await expect(graph.getByTestId(`graph-node-${partner}`)).toHaveAttribute('data-hop', '1');
  await expect(graph.getByTestId(`graph-node-${third}`)).toHaveAttribute('data-hop', '2');
  // One edge seed–hop 1 (shared IP, solid), one hop 1–hop 2 (shared device, dashed).
  await expect(graph.locator('line')).toHaveCount(2);
  await expect(graph.locator('line[stroke-dasharray]')).toHaveCount(1);
  // The text alternative: the same accounts in the list.
  const list = page.getByTestId('linked-accounts-table');
  await expect(list).toContainText(partner);
  await expect(list).toContainText(third);

  // Keyboard: Tab reaches the nodes (seed, then hop 1); Enter on hop 1 opens its overview.
  await seedNode.focus();
  await page.keyboard.press('Tab');
  await expect(graph.getByTestId(`graph-node-${partner}`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`MemberIDs=${partner}`));
  await expect(page.getByTestId('overview-table')).toContainText(partner, { timeout: 60_000 });
  await expect(page.getByTestId('linked-accounts-graph').getByTestId(`graph-node-${partner}`)).toHaveAttribute(
    'data-hop',
    '0',
  );
});
