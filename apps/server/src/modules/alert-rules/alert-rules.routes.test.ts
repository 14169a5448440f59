import { DEFAULT_RULES } from '@pitboss/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, tokenFor } from '../../testing/users';

const RULES = '/api/v2/monitor/alert-settings';

const body = {
  EventName: 'Night ratio',
  EventType: 1,
  TimeUnit: 'hour',
  LoopValue: 6,
  Enabled: true,
  Levels: [
    { Level: 2, Op: '>', Value: 3, MinSample: 20 },
    { Level: 1, Op: '>=', Value: 2, MinSample: 20 },
  ],
};

describeEachDatabase('alert rules', (t) => {
  let admin: string;
  let editor: string;
  let viewer: string;
  let otherCid: number;
  let other: string;

  const list = async (token: string) => (await t.call({ method: 'GET', url: RULES, token })).json();
  const snapshot = async () =>
    (
      await t.db.query(
        `SELECT cid, event_id, event_name, enabled, levels, deleted_at FROM player_alert_rule ORDER BY cid, event_id`,
      )
    ).rows;
  const version = async (cid: number) =>
    (await t.db.query<{ v: number }>(`SELECT rules_version AS v FROM player_alert_detector WHERE cid = $1`, [cid]))
      .rows[0]?.v ?? 0;

  beforeAll(async () => {
    admin = await t.login();
    editor = await tokenFor(t, 'rules-editor', 'editor');
    viewer = await tokenFor(t, 'rules-viewer', 'viewer');
    otherCid = await addCompany(t, 'Rules Other');
    other = await tokenFor(t, 'rules-other', 'admin', otherCid);
  });

  it('gives every company, the first and new ones, the default rules', async () => {
    for (const token of [viewer, other]) {
      const page = await list(token);
      expect(page.status).toBe(0);
      const rules = page.data.recordset.map(
        ({ TypeName: _t, CreateDate: _c, UpdateDate: _u, UpdatedBy, ...rule }: Record<string, unknown>) => {
          expect(UpdatedBy).toBe('system');
          return rule;
        },
      );
      expect(rules).toEqual(DEFAULT_RULES);
      expect(page.data.recordset[2].TypeName).toBe('IP login');
    }
  });

  it('lets editors add, edit, switch and delete rules, and raises the rules version each time', async () => {
    const before = await version(1);
    // EventIDs 1–7 are the default player rules, 8 the default game RTP rule, 9 the default opposing-bet setting.
    const created = await t.call({ method: 'POST', url: RULES, token: editor, payload: body });
    expect(created.statusCode).toBe(200);
    const rule = created.json().data;
    expect(rule).toMatchObject({
      EventID: 10,
      EventName: 'Night ratio',
      TypeName: 'High ratio',
      UpdatedBy: 'rules-editor',
      Levels: [
        { Level: 1, Op: '>=', Value: 2, MinSample: 20 },
        { Level: 2, Op: '>', Value: 3, MinSample: 20 },
      ],
    });
    expect(await version(1)).toBe(before + 1);

    const edited = await t.call({
      method: 'PUT',
      url: `${RULES}/10`,
      token: admin,
      payload: { ...body, EventName: 'Evening ratio', TimeUnit: 'day', LoopValue: 2 },
    });
    expect(edited.json().data).toMatchObject({
      EventID: 10,
      EventName: 'Evening ratio',
      TimeUnit: 'day',
      UpdatedBy: 'admin',
    });

    const off = await t.call({ method: 'PUT', url: `${RULES}/10/enabled`, token: editor, payload: { Enabled: false } });
    expect(off.json().data).toMatchObject({ EventID: 10, Enabled: false });
    expect(await version(1)).toBe(before + 3);

    const deleted = await t.call({ method: 'DELETE', url: `${RULES}/10`, token: editor });
    expect(deleted.json()).toMatchObject({ status: 0 });
    expect((await list(viewer)).data.recordset.map((r: { EventID: number }) => r.EventID)).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
    expect((await t.call({ method: 'DELETE', url: `${RULES}/10`, token: editor })).statusCode).toBe(404);
    expect((await t.call({ method: 'PUT', url: `${RULES}/10`, token: editor, payload: body })).statusCode).toBe(404);

    // A deleted rule's EventID is never given to another rule: alerts name their rule.
    const next = await t.call({ method: 'POST', url: RULES, token: editor, payload: body });
    expect(next.json().data.EventID).toBe(11);
    await t.call({ method: 'DELETE', url: `${RULES}/11`, token: editor });
  });

  it('lets viewers read but not change rules', async () => {
    const before = await snapshot();
    expect((await t.call({ method: 'POST', url: RULES, token: viewer, payload: body })).statusCode).toBe(403);
    expect((await t.call({ method: 'PUT', url: `${RULES}/1`, token: viewer, payload: body })).statusCode).toBe(403);
    const toggle = await t.call({
      method: 'PUT',
      url: `${RULES}/1/enabled`,
      token: viewer,
      payload: { Enabled: false },
    });
    expect(toggle.statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `${RULES}/1`, token: viewer })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: RULES })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for another company's rule and changes nothing", async () => {
    const before = await snapshot();
    const created = await t.call({ method: 'POST', url: RULES, token: other, payload: body });
    const theirs = created.json().data.EventID as number;
    expect(theirs).toBe(10);
    const after = await snapshot();
    // Company 1 has its own rule 9 (deleted); the other company's 9 is theirs alone.
    for (const [method, url, payload] of [
      ['PUT', `${RULES}/1`, body],
      ['PUT', `${RULES}/1/enabled`, { Enabled: false }],
      ['DELETE', `${RULES}/1`, undefined],
    ] as const) {
      // Company 1's rules exist, but the other company's token works on its own cid only.
      const res = await t.call({ method, url, token: other, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(200);
    }
    const res = await t.call({ method: 'PUT', url: `${RULES}/12345`, token: other, payload: body });
    expect(res.statusCode).toBe(404);
    expect(res.json().messageCode).toBe('NOT_FOUND');
    const mine = (await snapshot()).filter((r) => r.cid === 1);
    expect(mine).toEqual(before.filter((r) => r.cid === 1));
    expect(after.filter((r) => r.cid === otherCid)).toHaveLength(8);
  });

  describe('bad input', () => {
    const level = { Level: 1, Op: '>', Value: 2, MinSample: 1 };
    it.each([
      ['an unknown type', { ...body, EventType: 9 }, 'EventType'],
      ['a type as text', { ...body, EventType: 'ratio' }, 'EventType'],
      ['an unknown time unit', { ...body, TimeUnit: 'fortnight' }, 'TimeUnit'],
      ['a LoopValue of 0', { ...body, LoopValue: 0 }, 'LoopValue'],
      ['a negative LoopValue', { ...body, LoopValue: -3 }, 'LoopValue'],
      ['a fractional LoopValue', { ...body, LoopValue: 1.5 }, 'LoopValue'],
      ['an absurd LoopValue', { ...body, LoopValue: 1001 }, 'LoopValue'],
      ['a window over a year', { ...body, TimeUnit: 'day', LoopValue: 400 }, 'LoopValue'],
      ['an unknown operator', { ...body, Levels: [{ ...level, Op: '==' }] }, 'Levels[0].Op'],
      ['a threshold that is not a number', { ...body, Levels: [{ ...level, Value: '2' }] }, 'Levels[0].Value'],
      ['a missing threshold', { ...body, Levels: [{ Level: 1, Op: '>', MinSample: 1 }] }, 'Levels[0].Value'],
      ['level 0', { ...body, Levels: [{ ...level, Level: 0 }] }, 'Levels[0].Level'],
      ['level 4', { ...body, Levels: [{ ...level, Level: 4 }] }, 'Levels[0].Level'],
      ['a level given twice', { ...body, Levels: [level, level] }, 'Levels'],
      ['no levels', { ...body, Levels: [] }, 'Levels'],
      ['four levels', { ...body, Levels: [level, level, level, level] }, 'Levels'],
      ['a negative sample', { ...body, Levels: [{ ...level, MinSample: -1 }] }, 'Levels[0].MinSample'],
      ['a blank name', { ...body, EventName: '   ' }, 'EventName'],
      ['no Enabled', { ...body, Enabled: undefined }, 'Enabled'],
    ])('refuses %s with a 400 naming the field, changing nothing', async (_what, payload, field) => {
      const before = await snapshot();
      for (const [method, url] of [
        ['POST', RULES],
        ['PUT', `${RULES}/1`],
      ] as const) {
        const res = await t.call({ method, url, token: editor, payload });
        expect(res.statusCode, `${method} ${JSON.stringify(res.json())}`).toBe(400);
        expect(res.json().messageCode).toBe('VALIDATION_FAILED');
        expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a bad EventID in the path and a bad Enabled', async () => {
      const before = await snapshot();
      expect((await t.call({ method: 'PUT', url: `${RULES}/abc`, token: editor, payload: body })).statusCode).toBe(400);
      expect((await t.call({ method: 'DELETE', url: `${RULES}/0`, token: editor })).statusCode).toBe(400);
      const toggle = await t.call({
        method: 'PUT',
        url: `${RULES}/1/enabled`,
        token: editor,
        payload: { Enabled: 'no' },
      });
      expect(toggle.statusCode).toBe(400);
      expect(toggle.json().errors[0].field).toBe('Enabled');
      expect(await snapshot()).toEqual(before);
    });
  });
});
