import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, expectScreen, loginThroughPage, test } from '../fixtures';

interface Received {
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: { action: string; cid: number; memberId: string; memo: string; eventType: number | null };
}

/** A real platform stand-in on 127.0.0.1: answers 503 to the first call for a member in `failFirst`. */
async function platformStub(failFirst: Set<string>) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(text) as Received['body'];
      received.push({
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        body,
      });
      if (failFirst.delete(body.memberId)) {
        res.writeHead(503).end('try later');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"locked":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/lock-member`, received, close: () => server.close() };
}

test('an admin sets up a block API and its token; adding a member locks it there, and the log follows live', async ({
  page,
  context,
  db,
}) => {
  // A long walk through three tabs and two live updates: more than the default minute on a loaded machine.
  test.slow();
  const platform = await platformStub(new Set(['lock-2']));
  const { cid, staff } = await db.companyWithStaff(1);
  await db.language(staff.admin.aid, 'en');
  await db.blockApi(cid, 'Sportsbook', 'https://sports.example.com/lock', false);
  try {
    await loginThroughPage(page, staff.admin.account, staff.admin.password);
    await page.goto('/monitor/blocklist-setting?tab=apis');
    await expectScreen(page, '/monitor/blocklist-setting');
    const apis = page.getByTestId('block-apis');
    await expect(apis.getByTestId('no-token')).toBeVisible();

    // A Url that is not http(s) is refused on its field; a taken name (any case) by the server, on its field.
    await apis.getByTestId('add-api').click();
    const modal = page.getByTestId('block-api-modal');
    await modal.locator('input#Name').fill('SPORTSBOOK');
    await modal.locator('input#Url').fill('ftp://platform.example.com/lock');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.locator('#Url_help')).toContainText('Enter an http:// or https:// address');
    await modal.locator('input#Url').fill(platform.url);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.locator('#Name_help')).toHaveText('Another block API already has this name');
    await modal.locator('input#Name').fill('Main platform');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toBeHidden();
    const mainRow = apis.locator('tr.ant-table-row', { hasText: 'Main platform' });
    await expect(mainRow).toContainText(platform.url);
    await expect(mainRow.getByRole('switch')).toBeChecked();
    await expect(apis.locator('tr.ant-table-row', { hasText: 'Sportsbook' }).getByRole('switch')).not.toBeChecked();

    // The token: set once, shown only as its last 4 characters.
    await page.getByRole('tab', { name: 'Token' }).click();
    const token = page.getByTestId('block-api-token');
    await expect(token.getByTestId('token-status')).toHaveText('Not set');
    await token.getByTestId('token-input').fill('has space');
    await token.getByTestId('save-token').click();
    await expect(token.locator('#Token_help')).toContainText('without spaces');
    await token.getByTestId('token-input').fill('tok-e2e-1234567890');
    await token.getByTestId('save-token').click();
    await expect(token.getByTestId('token-status')).toContainText('••••7890');
    await expect(token).not.toContainText('tok-e2e-1234567890');
    const [stored] = await db.query<{ token: string }>('SELECT token FROM block_api_token WHERE cid = $1', [cid]);
    expect(stored?.token).toBe('tok-e2e-1234567890');

    // Adding a member calls the API with IsLock on (not the other one), with the token.
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByTestId('add-entries').click();
    const add = page.getByTestId('bulk-add-modal');
    await add.getByTestId('bulk-paste').fill('lock-1');
    await add.getByTestId('bulk-memo').fill('card fraud');
    await add.getByTestId('bulk-submit').click();
    await expect(add.getByTestId('bulk-result')).toContainText('1 lock call queued');
    await expect.poll(() => platform.received.length, { timeout: 15_000 }).toBe(1);
    const [call] = platform.received;
    expect(call?.authorization).toBe('Bearer tok-e2e-1234567890');
    expect(call?.idempotencyKey).toMatch(new RegExp(`^pitboss-${cid}-\\d+$`));
    expect(call?.body).toMatchObject({ action: 'lock', cid, memberId: 'lock-1', memo: 'card fraud', eventType: null });

    // The log, opened from the result: the call is there.
    await add.getByRole('button', { name: 'See the block API log' }).click();
    const log = page.getByTestId('block-api-log');
    const lock1 = log.locator('tr.ant-table-row', { hasText: 'lock-1' });
    await expect(lock1).toContainText('Sent');
    await expect(lock1).toContainText('HTTP 200');

    // While the log is open, another member is added elsewhere: its failed first try and the retry appear
    // without a reload (websocket `invalidate`).
    const bearer = (await context.cookies()).find((c) => c.name === 'token')?.value;
    const answer = await page.request.post('/api/v2/monitor/blacklist/members', {
      data: { BlackMember_UDT: [{ MemberID: 'lock-2', EventType: 3 }] },
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(answer.status()).toBe(200);
    const lock2 = log.locator('tr.ant-table-row', { hasText: 'lock-2' });
    await expect(lock2.filter({ hasText: 'Will retry' })).toHaveCount(1, { timeout: 15_000 });
    await expect(lock2.filter({ hasText: 'Sent' })).toHaveCount(1, { timeout: 20_000 });
    expect(platform.received.filter((r) => r.body.memberId === 'lock-2')).toHaveLength(2);
  } finally {
    platform.close();
  }
});
