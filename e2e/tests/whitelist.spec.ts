import { expect, expectScreen, loginThroughPage, test } from '../fixtures';
import { confirmDelete, expectRows, exportCsv, row, search } from '../fixtures/lists';

const SCREEN = '/monitor/allowlist-setting';

test('an editor whitelists members (one refused as blacklisted), searches and removes them', async ({ page, db }) => {
  const { cid, staff } = await db.companyWithStaff(2);
  await db.language(staff.editor.aid, 'en');
  await db.members(cid, [{ id: 'w-1', nickName: 'High Roller', vipLevel: 9 }]);
  await db.blacklist(cid, [{ id: 'b-9', memo: 'fraud' }]);
  await loginThroughPage(page, staff.editor.account, staff.editor.password);
  await page.goto(SCREEN);
  await expectScreen(page, SCREEN);
  const list = page.getByTestId('whitelist-members');

  await list.getByTestId('add-entries').click();
  const modal = page.getByTestId('bulk-add-modal');
  await modal.getByTestId('bulk-paste').fill('w-1 w-2 b-9');
  await modal.getByTestId('bulk-memo').fill('account manager approved');
  await modal.getByTestId('bulk-submit').click();
  await expect(modal.getByTestId('bulk-error')).toContainText('on the blacklist');
  await expect(modal.getByTestId('bulk-status-refused')).toContainText('on the blacklist');
  await modal.getByTestId('bulk-submit').click();
  await expect(modal.getByTestId('bulk-result')).toContainText('2 added, 0 already listed');
  await modal.getByTestId('bulk-close').click();
  await expectRows(list, ['w-1', 'w-2']);
  await expect(row(list, 'w-1')).toContainText('High Roller');
  await expect(row(list, 'w-1')).toContainText(staff.editor.account);

  // Adding them again changes nothing and says so.
  await list.getByTestId('add-entries').click();
  await modal.getByTestId('bulk-paste').fill('w-2');
  await modal.getByTestId('bulk-submit').click();
  await expect(modal.getByTestId('bulk-result')).toContainText('0 added, 1 already listed');
  await modal.getByTestId('bulk-close').click();

  await search(list, { ids: 'w-2, nobody' });
  await expectRows(list, ['w-2']);
  await search(list, { ids: '', keyword: 'roller' });
  await expectRows(list, ['w-1']);
  await row(list, 'w-1').getByRole('button', { name: 'Delete w-1' }).click();
  await confirmDelete(page);
  await expect(list.getByTestId('empty-state')).toBeVisible();
  expect(await db.query('SELECT member_id FROM whitelist_member WHERE cid = $1', [cid])).toEqual([
    { member_id: 'w-2' },
  ]);
});

test('an admin adds IP addresses and ranges, takes the suggested range, searches by covering address and exports', async ({
  page,
  db,
}) => {
  const { cid, staff } = await db.companyWithStaff(1);
  await db.language(staff.admin.aid, 'en');
  await db.whitelistIps(cid, [{ ip: '198.51.100.7', memo: 'lounge' }]);
  await loginThroughPage(page, staff.admin.account, staff.admin.password);
  await page.goto(`${SCREEN}?tab=ip`);
  const list = page.getByTestId('whitelist-ips');
  await expectRows(list, ['198.51.100.7']);

  await list.getByTestId('add-entries').click();
  const modal = page.getByTestId('bulk-add-modal');
  await modal.getByTestId('bulk-paste').fill('10.1.2.3/8\n2001:DB8::1\n300.1.1.1\n10.0.0.0/33\n01.2.3.4\n198.51.100.7');
  await modal.getByTestId('bulk-memo').fill('office');
  const preview = modal.getByTestId('bulk-preview');
  await expect(preview).toContainText('has bits set after the prefix; did you mean 10.0.0.0/8?');
  await expect(preview).toContainText('not a valid range');
  await expect(preview.getByText('not a valid IPv4 or IPv6 address')).toHaveCount(2);
  await expect(modal.getByTestId('bulk-summary')).toHaveText('2 to add, 4 skipped');
  await preview.getByRole('button', { name: 'Use 10.0.0.0/8' }).click();
  await expect(modal.getByTestId('bulk-summary')).toHaveText('3 to add, 3 skipped');
  await modal.getByTestId('bulk-submit').click();
  await expect(modal.getByTestId('bulk-result')).toContainText('2 added, 1 already listed');
  await expect(preview.getByTestId('bulk-status-added')).toHaveCount(2);
  await expect(preview.getByTestId('bulk-status-alreadyListed')).toHaveCount(1);
  await modal.getByTestId('bulk-close').click();
  await expectRows(list, ['198.51.100.7', '10.0.0.0/8', '2001:db8::1']);

  // Which entries cover an address?
  const form = list.getByTestId('search-form');
  await form.locator('input#Covering').fill('10.200.3.4');
  await form.locator('button[type="submit"]').click();
  await expectRows(list, ['10.0.0.0/8']);
  await form.locator('input#Covering').fill('10.0.0.0/8');
  await form.locator('button[type="submit"]').click();
  await expect(list.locator('#Covering_help')).toContainText('not a valid IPv4 or IPv6 address');
  await list.getByRole('button', { name: 'Reset' }).click();
  await expectRows(list, ['198.51.100.7', '10.0.0.0/8', '2001:db8::1']);

  const exported = await exportCsv(page, list);
  expect(exported[0]).toEqual(['IP', 'Memo', 'CreateDate', 'CreatedBy']);
  expect(
    exported
      .slice(1)
      .map((cells) => `${cells[0]} ${cells[1]}`)
      .sort(),
  ).toEqual(['10.0.0.0/8 office', '198.51.100.7 lounge', '2001:db8::1 office']);

  await row(list, '2001:db8::1').locator('.ant-checkbox-input').check();
  await row(list, '10.0.0.0/8').locator('.ant-checkbox-input').check();
  await list.getByTestId('delete-selected').click();
  await expect(page.getByRole('dialog')).toContainText('Delete 2 entries?');
  await confirmDelete(page);
  await expectRows(list, ['198.51.100.7']);
});

test('a viewer sees both whitelists read-only, and the server refuses their writes', async ({ page, context, db }) => {
  const { cid, staff } = await db.companyWithStaff(1);
  await db.language(staff.viewer.aid, 'en');
  await db.whitelist(cid, [{ id: 'vw-1', memo: 'approved' }]);
  await db.whitelistIps(cid, [{ ip: '203.0.113.0/24', memo: 'office' }]);
  await loginThroughPage(page, staff.viewer.account, staff.viewer.password);
  await page.goto(SCREEN);
  const members = page.getByTestId('whitelist-members');
  await expectRows(members, ['vw-1']);
  await expect(members.getByTestId('add-entries')).toHaveCount(0);
  await expect(members.locator('.ant-checkbox-input')).toHaveCount(0);
  await expect(members.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  await page.getByRole('tab', { name: 'IP whitelist' }).click();
  const ips = page.getByTestId('whitelist-ips');
  await expectRows(ips, ['203.0.113.0/24']);
  await expect(ips.getByTestId('add-entries')).toHaveCount(0);
  await expect(ips.locator('.ant-checkbox-input')).toHaveCount(0);
  await expect(page).toHaveURL(/tab=ip/);

  const bearer = (await context.cookies()).find((c) => c.name === 'token')?.value;
  const headers = { authorization: `Bearer ${bearer}` };
  const refused = [
    await page.request.post('/api/v2/monitor/whitelist', { data: { WhiteMember_UDT: [{ MemberID: 'x' }] }, headers }),
    await page.request.delete('/api/v2/monitor/whitelist', {
      data: { WhiteMember_UDT: [{ MemberID: 'vw-1' }] },
      headers,
    }),
    await page.request.post('/api/v2/monitor/whitelist/ip', { data: { WhiteIP_UDT: [{ IP: '1.2.3.4' }] }, headers }),
    await page.request.delete('/api/v2/monitor/whitelist/ip', {
      data: { IP_UDT: [{ IP: '203.0.113.0/24' }] },
      headers,
    }),
  ];
  expect(refused.map((r) => r.status())).toEqual([403, 403, 403, 403]);
  expect(await db.query('SELECT count(*)::int AS n FROM whitelist_ip WHERE cid = $1', [cid])).toEqual([{ n: 1 }]);
});
