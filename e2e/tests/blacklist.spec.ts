import { readFileSync } from 'node:fs';
import { expect, expectScreen, loginThroughPage, test } from '../fixtures';
import { confirmDelete, expectRows, exportCsv, row, search } from '../fixtures/lists';

const SCREEN = '/monitor/blocklist-setting';

test('an editor adds members (one refused as whitelisted), searches, edits a memo and deletes', async ({
  page,
  db,
}) => {
  const { cid, staff } = await db.companyWithStaff(1);
  await db.language(staff.editor.aid, 'en');
  await db.members(cid, [
    { id: 'b-1', nickName: 'Lucky Ann', vipLevel: 3 },
    { id: 'b-2', nickName: 'Bob', vipLevel: 1 },
  ]);
  await db.whitelist(cid, [{ id: 'w-1', memo: 'VIP host' }]);
  await loginThroughPage(page, staff.editor.account, staff.editor.password);
  await page.goto(SCREEN);
  await expectScreen(page, SCREEN);
  const list = page.getByTestId('blacklist-members');
  await expect(list.getByTestId('empty-state')).toBeVisible();

  // Paste four IDs, one of them whitelisted: the preview shows what will be sent.
  await list.getByTestId('add-entries').click();
  const modal = page.getByTestId('bulk-add-modal');
  await modal.getByTestId('bulk-paste').fill('b-1\nb-2, b-3\n w-1 \nb-1');
  await modal.getByTestId('bulk-memo').fill('bonus abuse ring');
  await expect(modal.getByTestId('bulk-summary')).toHaveText('4 to add, 1 skipped');
  await modal.getByTestId('bulk-submit').click();
  // The server refuses the whole call and names w-1; nothing changed.
  await expect(modal.getByTestId('bulk-error')).toContainText('on the whitelist');
  await expect(modal.getByTestId('bulk-status-refused')).toContainText('on the whitelist');
  expect(await db.query('SELECT 1 FROM blacklist_member WHERE cid = $1', [cid])).toHaveLength(0);
  // Add the other three.
  await modal.getByTestId('bulk-submit').click();
  await expect(modal.getByTestId('bulk-result')).toContainText('3 added, 0 already listed');
  await modal.getByTestId('bulk-close').click();
  await expectRows(list, ['b-1', 'b-2', 'b-3']);
  await expect(row(list, 'b-1')).toContainText('Lucky Ann');
  await expect(row(list, 'b-1')).toContainText('bonus abuse ring');
  await expect(row(list, 'b-1')).toContainText('Manual');

  // Search by pasted IDs, then by keyword.
  await search(list, { ids: 'b-2 b-3' });
  await expectRows(list, ['b-2', 'b-3']);
  await search(list, { ids: '', keyword: 'lucky' });
  await expectRows(list, ['b-1']);
  await list.getByRole('button', { name: 'Reset' }).click();
  await expectRows(list, ['b-1', 'b-2', 'b-3']);

  // Sort by member ID, both ways.
  await list.getByRole('columnheader', { name: 'Member ID' }).click();
  await expect.poll(() => list.locator('tr.ant-table-row').first().getAttribute('data-row-key')).toBe('b-1');
  await list.getByRole('columnheader', { name: 'Member ID' }).click();
  await expect.poll(() => list.locator('tr.ant-table-row').first().getAttribute('data-row-key')).toBe('b-3');

  // Edit b-2's memo and type.
  await row(list, 'b-2').getByRole('button', { name: 'Edit b-2' }).click();
  const edit = page.getByTestId('edit-member-modal');
  await edit.locator('textarea#Memo').fill('chargeback, confirmed by finance');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row(list, 'b-2')).toContainText('chargeback, confirmed by finance');
  const [edited] = await db.query<{ memo: string; updated_by: string }>(
    'SELECT memo, updated_by FROM blacklist_member WHERE cid = $1 AND member_id = $2',
    [cid, 'b-2'],
  );
  expect(edited).toEqual({ memo: 'chargeback, confirmed by finance', updated_by: staff.editor.account });

  // Delete one from its row, then two selected.
  await row(list, 'b-3').getByRole('button', { name: 'Delete b-3' }).click();
  await expect(page.getByRole('dialog')).toContainText('Delete member b-3?');
  await confirmDelete(page);
  await expectRows(list, ['b-1', 'b-2']);
  await row(list, 'b-1').locator('.ant-checkbox-input').check();
  await row(list, 'b-2').locator('.ant-checkbox-input').check();
  await list.getByTestId('delete-selected').click();
  await expect(page.getByRole('dialog')).toContainText('Delete 2 members?');
  await confirmDelete(page);
  await expect(list.getByTestId('empty-state')).toBeVisible();
  expect(await db.query('SELECT 1 FROM blacklist_member WHERE cid = $1', [cid])).toHaveLength(0);
});

test('an admin imports a CSV file through the file chooser and exports the list', async ({ page, db }, info) => {
  const { cid, staff } = await db.companyWithStaff(3);
  await db.language(staff.admin.aid, 'en');
  await db.members(cid, [{ id: 'csv-2', nickName: 'Ćsv Two', vipLevel: 7 }]);
  await loginThroughPage(page, staff.admin.account, staff.admin.password);
  await page.goto(SCREEN);
  const list = page.getByTestId('blacklist-members');

  const file = info.outputPath('members.csv');
  const long = 'x'.repeat(65);
  const csv = `\uFEFFNickName,MemberID,Memo\r\nA,csv-1,"chip dumping, table 7"\r\nB,csv-2,\r\nC,${long},too long\r\nD,csv-1,again\r\nE,-csv-3,=1+1\r\n`;
  (await import('node:fs')).writeFileSync(file, csv);

  await list.getByTestId('add-entries').click();
  const modal = page.getByTestId('bulk-add-modal');
  await modal.getByText('CSV file', { exact: true }).click();
  const chooser = page.waitForEvent('filechooser');
  await modal.getByTestId('bulk-choose-file').click();
  await (await chooser).setFiles(file);
  await expect(modal.getByTestId('bulk-file-name')).toContainText('members.csv: 5 rows');
  await modal.getByTestId('bulk-memo').fill('imported');
  await expect(modal.getByTestId('bulk-summary')).toHaveText('3 to add, 2 skipped');
  await expect(modal.getByTestId('bulk-preview')).toContainText('longer than 64 characters');
  await expect(modal.getByTestId('bulk-preview')).toContainText('repeats line 2');
  await modal.getByTestId('bulk-submit').click();
  await expect(modal.getByTestId('bulk-result')).toContainText('3 added, 0 already listed');
  await modal.getByTestId('bulk-close').click();
  await expectRows(list, ['csv-1', 'csv-2', '-csv-3']);

  const memos = await db.query<{ member_id: string; memo: string }>(
    'SELECT member_id, memo FROM blacklist_member WHERE cid = $1 ORDER BY member_id',
    [cid],
  );
  expect(memos).toEqual([
    { member_id: '-csv-3', memo: '=1+1' },
    { member_id: 'csv-1', memo: 'chip dumping, table 7' },
    { member_id: 'csv-2', memo: 'imported' },
  ]);

  // Export: the file holds every row with the API's field names.
  await search(list, { ids: 'csv-1 csv-2' });
  await expectRows(list, ['csv-1', 'csv-2']);
  const download = page.waitForEvent('download');
  await list.getByRole('button', { name: /Export CSV/ }).click();
  const text = readFileSync(await (await download).path(), 'utf8');
  expect(text.startsWith('\uFEFFMemberID,NickName,VIPLevel,TypeName,Memo,CreateDate,EventType,')).toBe(true);
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(3);
  expect(
    lines
      .slice(1)
      .map((l) => l.split(',')[0])
      .sort(),
  ).toEqual(['csv-1', 'csv-2']);
  expect(lines.find((l) => l.startsWith('csv-1,'))).toContain('"chip dumping, table 7"');
  expect(lines.find((l) => l.startsWith('csv-2,'))).toMatch(/^csv-2,Ćsv Two,7,Manual,imported,\d{4}-/);
  // The unfiltered export, through the helper.
  await list.getByRole('button', { name: 'Reset' }).click();
  await expectRows(list, ['csv-1', 'csv-2', '-csv-3']);
  const all = await exportCsv(page, list);
  expect(
    all
      .slice(1)
      .map((cells) => cells[0])
      .sort(),
  ).toEqual(["'-csv-3", 'csv-1', 'csv-2']);
});

test('a viewer sees the blacklist, its APIs, token state and log, with no way to change them', async ({
  page,
  context,
  db,
}) => {
  const { cid, staff } = await db.companyWithStaff(1);
  await db.language(staff.viewer.aid, 'en');
  await db.members(cid, [{ id: 'v-1', nickName: 'Viewer Seen', vipLevel: 2 }]);
  await db.blacklist(cid, [
    { id: 'v-1', memo: 'ring', eventType: 3 },
    { id: 'v-2', memo: 'manual' },
  ]);
  await db.blockApi(cid, 'Main platform', 'https://platform.example.com/lock');
  await db.blockApiToken(cid, 'viewer-cannot-see-this-9876');
  // Another company's entries never show.
  const other = await db.companyWithStaff(1);
  await db.blacklist(other.cid, [{ id: 'other-1' }]);

  await loginThroughPage(page, staff.viewer.account, staff.viewer.password);
  await page.goto(SCREEN);
  const list = page.getByTestId('blacklist-members');
  await expectRows(list, ['v-1', 'v-2']);
  await expect(row(list, 'v-1')).toContainText('IP login');
  await expect(list.getByTestId('add-entries')).toHaveCount(0);
  await expect(list.locator('.ant-checkbox-input')).toHaveCount(0);
  await expect(list.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await expect(list.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  // Search and export still work.
  await search(list, { ids: 'v-2' });
  await expectRows(list, ['v-2']);
  const exported = await exportCsv(page, list);
  expect(exported.slice(1).map((cells) => cells[0])).toEqual(['v-2']);

  await page.getByRole('tab', { name: 'Block APIs' }).click();
  const apis = page.getByTestId('block-apis');
  await expect(apis.locator('tr.ant-table-row', { hasText: 'Main platform' }).getByRole('switch')).toBeDisabled();
  await expect(apis.getByTestId('add-api')).toHaveCount(0);
  await expect(apis.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Token' }).click();
  const token = page.getByTestId('block-api-token');
  await expect(token.getByTestId('token-status')).toContainText('••••9876');
  await expect(token.getByTestId('token-input')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('viewer-cannot-see-this');

  await page.getByRole('tab', { name: 'Block API log' }).click();
  await expect(page.getByTestId('block-api-log').getByTestId('search-form')).toBeVisible();

  // The server refuses the viewer's writes, whatever the console shows.
  const bearer = (await context.cookies()).find((c) => c.name === 'token')?.value;
  const headers = { authorization: `Bearer ${bearer}` };
  const refused = [
    await page.request.post('/api/v2/monitor/blacklist/members', {
      data: { BlackMember_UDT: [{ MemberID: 'x' }] },
      headers,
    }),
    await page.request.put('/api/blockList/v-1', { data: { Memo: 'changed' }, headers }),
    await page.request.delete('/api/blockList', { data: { BlackMember_UDT: [{ MemberID: 'v-1' }] }, headers }),
    await page.request.put('/api/v2/monitor/blacklist/token', { data: { Token: 'stolen-token-123' }, headers }),
  ];
  expect(refused.map((r) => r.status())).toEqual([403, 403, 403, 403]);
  expect(await db.query('SELECT member_id FROM blacklist_member WHERE cid = $1 ORDER BY 1', [cid])).toEqual([
    { member_id: 'v-1' },
    { member_id: 'v-2' },
  ]);
});
