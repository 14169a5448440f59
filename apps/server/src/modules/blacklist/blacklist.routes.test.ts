import { splitIds } from '@pitboss/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, tokenFor } from '../../testing/users';

const MEMBERS = '/api/v2/monitor/blacklist/members';

describeEachDatabase('blacklist', (t) => {
  let admin: string;
  let editor: string;
  let viewer: string;
  let other: string;

  const add = (token: string, list: unknown[]) =>
    t.call({ method: 'POST', url: MEMBERS, token, payload: { BlackMember_UDT: list } });
  const list = (token: string, query = '') => t.call({ method: 'GET', url: `${MEMBERS}${query}`, token });
  const remove = (token: string, ids: unknown[]) =>
    t.call({
      method: 'DELETE',
      url: '/api/blockList',
      token,
      payload: { BlackMember_UDT: ids.map((MemberID) => ({ MemberID })) },
    });
  const count = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM blacklist_member')).rows[0]?.n;

  beforeAll(async () => {
    admin = await t.login();
    editor = await tokenFor(t, 'bl-editor', 'editor');
    viewer = await tokenFor(t, 'bl-viewer', 'viewer');
    other = await tokenFor(t, 'bl-other', 'admin', await addCompany(t, 'Other Co'));
    await t.db.query(
      `INSERT INTO member (cid, member_id, nick_name, vip_level, first_seen_at, last_seen_at)
       VALUES (1, 'known-1', 'Lucky Lin', 5, now(), now())`,
    );
  });

  describe('adding', () => {
    it('adds members with text and numeric IDs, trimmed, and reports those already listed', async () => {
      const res = await add(editor, [
        { MemberID: ' known-1 ', Memo: 'chargebacks', EventType: 1 },
        { MemberID: 20001 },
        { MemberID: 'known-1' },
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 0, Added: ['known-1', '20001'], AlreadyListed: [] });
      const again = await add(editor, [{ MemberID: '20001' }, { MemberID: 'new-3' }]);
      expect(again.json()).toMatchObject({
        Added: ['new-3'],
        AlreadyListed: ['20001'],
        message: '1 added to the blacklist, 1 already on it',
      });
      expect(await count()).toBe(3);
    });

    it('takes IDs pasted with commas, spaces and new lines', async () => {
      const pasted = 'p-1, p-2\np-3  p-4;p-1\r\np-5';
      const res = await add(
        admin,
        splitIds(pasted).map((MemberID) => ({ MemberID })),
      );
      expect(res.json().Added).toEqual(['p-1', 'p-2', 'p-3', 'p-4', 'p-5']);
    });

    it('shows NickName and VIPLevel from the member data, empty for an unseen member, and the type name', async () => {
      const known = (await t.call({ method: 'GET', url: `${MEMBERS}/known-1`, token: viewer })).json().data;
      expect(known).toMatchObject({
        MemberID: 'known-1',
        NickName: 'Lucky Lin',
        VIPLevel: 5,
        TypeName: 'High ratio',
        EventType: 1,
        Memo: 'chargebacks',
        CreatedBy: 'bl-editor',
      });
      expect(Date.parse(known.CreateDate)).toBeGreaterThan(Date.now() - 60_000);
      const unseen = (await t.call({ method: 'GET', url: `${MEMBERS}/20001`, token: viewer })).json().data;
      expect(unseen).toMatchObject({ NickName: '', VIPLevel: 0, TypeName: 'Manual', EventType: null, Memo: '' });
    });

    it('answers 404 for a member not on the list', async () => {
      const res = await t.call({ method: 'GET', url: `${MEMBERS}/nobody`, token: viewer });
      expect(res.statusCode).toBe(404);
      expect(res.json().messageCode).toBe('MEMBER_NOT_LISTED');
    });
  });

  describe('listing', () => {
    it('pages with the total in cnt, 25 by default', async () => {
      await add(
        admin,
        Array.from({ length: 30 }, (_, i) => ({ MemberID: `bulk-${String(i).padStart(2, '0')}` })),
      );
      const first = (await list(viewer)).json();
      expect(first.status).toBe(0);
      expect(first.cnt).toBe(first.data.output.cnt);
      expect(first.data.recordset).toHaveLength(25);
      const total = first.cnt as number;
      const last = (await list(viewer, `?page=2&pageSize=25&sort=MemberID%20Asc`)).json();
      expect(last.data.recordset).toHaveLength(total - 25);
    });

    it('filters by pasted MemberIDs, keyword and alert type, and sorts', async () => {
      const byIds = (await list(viewer, `?MemberIDs=${encodeURIComponent('known-1, 20001\nmissing')}`)).json();
      expect(byIds.data.recordset.map((r: { MemberID: string }) => r.MemberID).sort()).toEqual(['20001', 'known-1']);
      expect(byIds.cnt).toBe(2);
      expect((await list(viewer, '?MemberIDs=*')).json().cnt).toBeGreaterThan(30);
      const byKeyword = (await list(viewer, '?Keyword=lucky')).json();
      expect(byKeyword.data.recordset.map((r: { MemberID: string }) => r.MemberID)).toEqual(['known-1']);
      expect((await list(viewer, '?Keyword=%25')).json().cnt).toBe(0);
      const manualOnly = (await list(viewer, '?EventTypes=0&pageSize=1000')).json();
      expect(manualOnly.data.recordset.every((r: { EventType: null }) => r.EventType === null)).toBe(true);
      expect((await list(viewer, '?EventTypes=1')).json().cnt).toBe(1);
      const sorted = (await list(viewer, '?sort=VIPLevel%20Desc&pageSize=1')).json();
      expect(sorted.data.recordset[0].MemberID).toBe('known-1');
    });

    it('refuses a page size of 0 or 1,000,000 and an unknown sort, naming the field', async () => {
      for (const [query, field] of [
        ['?pageSize=0', 'pageSize'],
        ['?pageSize=1000000', 'pageSize'],
        ['?page=0', 'page'],
        ['?sort=Password%20Asc', 'sort'],
        ['?EventTypes=10', 'EventTypes'],
        [`?MemberIDs=${'x'.repeat(65)}`, 'MemberIDs'],
      ] as const) {
        const res = await list(viewer, query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().errors[0].field, query).toBe(field);
      }
    });
  });

  describe('editing and removing', () => {
    it('edits memo and alert type', async () => {
      const res = await t.call({
        method: 'PUT',
        url: '/api/blockList/20001',
        token: editor,
        payload: { Memo: 'confirmed ring', EventType: 3 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ Memo: 'confirmed ring', EventType: 3, TypeName: 'IP login' });
      const back = await t.call({
        method: 'PUT',
        url: '/api/blockList/20001',
        token: editor,
        payload: { EventType: null },
      });
      expect(back.json().data).toMatchObject({ Memo: 'confirmed ring', EventType: null, TypeName: 'Manual' });
      // Entries from a game RTP alert (8) or an opposing-bet alert (9), shown and filtered by their type.
      for (const [EventType, TypeName] of [
        [8, 'Game RTP'],
        [9, 'Opposing bets'],
      ] as const) {
        const typed = await t.call({
          method: 'PUT',
          url: '/api/blockList/20001',
          token: editor,
          payload: { EventType },
        });
        expect(typed.statusCode, typed.body).toBe(200);
        expect(typed.json().data).toMatchObject({ EventType, TypeName });
        const listed = (await list(viewer, `?EventTypes=${EventType}`)).json();
        expect(listed.data.recordset.map((r: { MemberID: string }) => r.MemberID)).toEqual(['20001']);
      }
      await t.call({ method: 'PUT', url: '/api/blockList/20001', token: editor, payload: { EventType: null } });
      const missing = await t.call({
        method: 'PUT',
        url: '/api/blockList/nobody',
        token: editor,
        payload: { Memo: 'x' },
      });
      expect(missing.statusCode).toBe(404);
      const empty = await t.call({ method: 'PUT', url: '/api/blockList/20001', token: editor, payload: {} });
      expect(empty.statusCode).toBe(400);
    });

    it('removes a list and reports IDs that were not on it', async () => {
      const res = await remove(editor, ['p-1', ' p-2 ', 'never-listed']);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ Removed: ['p-1', 'p-2'], NotListed: ['never-listed'] });
      expect((await list(viewer, '?MemberIDs=p-1,p-2')).json().cnt).toBe(0);
    });
  });

  describe('bad input changes nothing', () => {
    it.each([
      ['an empty ID', [{ MemberID: '' }], 'BlackMember_UDT[0].MemberID'],
      ['a blank ID', [{ MemberID: 'ok-1' }, { MemberID: '   ' }], 'BlackMember_UDT[1].MemberID'],
      ['an ID over 64 characters', [{ MemberID: 'x'.repeat(65) }], 'BlackMember_UDT[0].MemberID'],
      ['an empty list', [], 'BlackMember_UDT'],
      ['an unknown alert type', [{ MemberID: 'a', EventType: 10 }], 'BlackMember_UDT[0].EventType'],
      ['a memo over 500 characters', [{ MemberID: 'a', Memo: 'm'.repeat(501) }], 'BlackMember_UDT[0].Memo'],
      ['an object as ID', [{ MemberID: { id: 1 } }], 'BlackMember_UDT[0].MemberID'],
    ])('refuses %s with a 400 naming the field', async (_, items, field) => {
      const before = await count();
      const res = await add(admin, items);
      expect(res.statusCode).toBe(400);
      expect(res.json().messageCode).toBe('VALIDATION_FAILED');
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(await count()).toBe(before);
    });

    it('refuses 10,001 IDs in one request', async () => {
      const before = await count();
      const items = Array.from({ length: 10_001 }, (_, i) => ({ MemberID: `many-${i}` }));
      const res = await add(admin, items);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('BlackMember_UDT');
      expect(res.json().message).toContain('10000');
      const removal = await remove(
        admin,
        items.map((i) => i.MemberID),
      );
      expect(removal.statusCode).toBe(400);
      expect(await count()).toBe(before);
    });

    it('accepts 10,000 IDs in one request', async () => {
      const items = Array.from({ length: 10_000 }, (_, i) => ({ MemberID: `ten-k-${i}`, Memo: 'bulk import' }));
      const res = await add(admin, items);
      expect(res.statusCode).toBe(200);
      expect(res.json().Added).toHaveLength(10_000);
      expect(
        (
          await remove(
            admin,
            items.map((i) => i.MemberID),
          )
        ).json().Removed,
      ).toHaveLength(10_000);
    });

    it('refuses a blank or too long ID in the path', async () => {
      expect((await t.call({ method: 'GET', url: `${MEMBERS}/%20`, token: viewer })).statusCode).toBe(400);
      const long = await t.call({ method: 'PUT', url: `/api/blockList/${'y'.repeat(65)}`, token: admin, payload: {} });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors[0].field).toBe('MemberID');
    });
  });

  describe('access', () => {
    it('lets a viewer read and refuses every write with 403, changing nothing', async () => {
      expect((await list(viewer)).statusCode).toBe(200);
      const before = await count();
      expect((await add(viewer, [{ MemberID: 'v-1' }])).statusCode).toBe(403);
      expect((await remove(viewer, ['known-1'])).statusCode).toBe(403);
      const edit = await t.call({
        method: 'PUT',
        url: '/api/blockList/known-1',
        token: viewer,
        payload: { Memo: 'x' },
      });
      expect(edit.statusCode).toBe(403);
      expect(await count()).toBe(before);
    });

    it('refuses an anonymous caller with 401', async () => {
      expect((await list('')).statusCode).toBe(401);
      expect((await add('', [{ MemberID: 'anon' }])).statusCode).toBe(401);
    });

    it('keeps companies apart: company 2 neither sees nor changes company 1', async () => {
      expect((await list(other)).json().cnt).toBe(0);
      expect((await t.call({ method: 'GET', url: `${MEMBERS}/known-1`, token: other })).statusCode).toBe(404);
      const edit = await t.call({ method: 'PUT', url: '/api/blockList/known-1', token: other, payload: { Memo: 'x' } });
      expect(edit.statusCode).toBe(404);
      expect((await remove(other, ['known-1'])).json()).toMatchObject({ Removed: [], NotListed: ['known-1'] });
      // The same ID is independent in company 2.
      expect((await add(other, [{ MemberID: 'known-1' }])).json().Added).toEqual(['known-1']);
      expect((await list(other)).json().data.recordset[0]).toMatchObject({ MemberID: 'known-1', NickName: '' });
      const mine = (await t.call({ method: 'GET', url: `${MEMBERS}/known-1`, token: viewer })).json().data;
      expect(mine.Memo).toBe('chargebacks');
    });
  });

  it('documents the list calls in the OpenAPI document', async () => {
    const docs = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [MEMBERS, `${MEMBERS}/{id}`, '/api/blockList', '/api/blockList/{MemberID}']) {
      expect(docs.paths[path], path).toBeDefined();
    }
    expect(JSON.stringify(docs.paths['/api/blockList'].delete)).toContain('BlackMember_UDT');
  });

  it('writes additions to the audit log with the page title', async () => {
    await t.call({
      method: 'POST',
      url: MEMBERS,
      token: editor,
      headers: { title: encodeURIComponent('玩家黑名單') },
      payload: { BlackMember_UDT: [{ MemberID: 'audited-1' }] },
    });
    await new Promise((r) => setTimeout(r, 100));
    const { rows } = await t.db.query<{ title: string; target: { body: unknown } }>(
      `SELECT title, target FROM audit_log WHERE route = $1 ORDER BY id DESC LIMIT 1`,
      [MEMBERS],
    );
    expect(rows[0]?.title).toBe('玩家黑名單');
    expect(rows[0]?.target.body).toEqual({ BlackMember_UDT: [{ MemberID: 'audited-1' }] });
  });
});
