import { beforeAll, expect, it } from 'vitest';
import { loginAs } from '../../testing/session';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, addUser } from '../../testing/users';

const GROUPS = '/api/v2/system/user/group';

describeEachDatabase('user groups', (t) => {
  let admin: string;
  let otherAdmin: string;
  beforeAll(async () => {
    admin = await loginAs(t, 'admin', 'admin-password-1');
    const cid = await addCompany(t, 'Group Neighbour', 1);
    await addUser(t.db, 'neighbour-admin', 'admin', cid);
    otherAdmin = await loginAs(t, 'neighbour-admin');
  });

  it('creates, lists with user counts, renames and deletes groups of the working company', async () => {
    const created = await t.call({
      method: 'POST',
      url: GROUPS,
      token: admin,
      payload: { Name: 'Risk team', Memo: 'day' },
    });
    expect(created.json()).toMatchObject({ status: 0 });
    const id = created.json().GroupID;
    const aid = await addUser(t.db, 'grouped', 'viewer');
    await t.call({ method: 'PUT', url: `/api/v2/system/user/${aid}`, token: admin, payload: { GroupID: id } });
    const listed = (await t.call({ method: 'GET', url: GROUPS, token: admin })).json();
    expect(listed.data.recordset).toEqual([
      expect.objectContaining({ GroupID: id, Name: 'Risk team', Memo: 'day', UserCount: 1 }),
    ]);
    const renamed = await t.call({
      method: 'PUT',
      url: GROUPS,
      token: admin,
      payload: { GroupID: id, Name: 'Risk desk' },
    });
    expect(renamed.json()).toMatchObject({ status: 0 });
    // Another company neither sees nor changes it.
    expect((await t.call({ method: 'GET', url: GROUPS, token: otherAdmin })).json().data.recordset).toEqual([]);
    const foreign = await t.call({
      method: 'PUT',
      url: GROUPS,
      token: otherAdmin,
      payload: { GroupID: id, Name: 'Mine' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `${GROUPS}/${id}`, token: otherAdmin })).statusCode).toBe(404);

    expect((await t.call({ method: 'DELETE', url: `${GROUPS}/${id}`, token: admin })).json()).toMatchObject({
      status: 0,
    });
    const { rows } = await t.db.query('SELECT group_id FROM company_user WHERE aid = $1', [aid]);
    expect(rows).toEqual([{ group_id: null }]);
  });

  it('refuses a duplicate name (ignoring case), a blank name and an empty change', async () => {
    await t.call({ method: 'POST', url: GROUPS, token: admin, payload: { Name: 'Auditors' } });
    const dup = await t.call({ method: 'POST', url: GROUPS, token: admin, payload: { Name: 'AUDITORS' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ messageCode: 'GROUP_TAKEN', errors: [{ field: 'Name' }] });
    // The same name in another company is fine.
    expect(
      (await t.call({ method: 'POST', url: GROUPS, token: otherAdmin, payload: { Name: 'Auditors' } })).statusCode,
    ).toBe(200);
    const blank = await t.call({ method: 'POST', url: GROUPS, token: admin, payload: { Name: '  ' } });
    expect(blank.json().errors[0].field).toBe('Name');
    const empty = await t.call({ method: 'PUT', url: GROUPS, token: admin, payload: { GroupID: 1 } });
    expect(empty.statusCode).toBe(400);
  });
});
