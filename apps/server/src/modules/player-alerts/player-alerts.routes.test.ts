import { beforeAll, describe, expect, it } from 'vitest';
import { insertAlerts, makeAlert } from '../../testing/alerts';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, tokenFor } from '../../testing/users';

const ALERTS = '/api/v2/monitor/alert-events';
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

describeEachDatabase('player alerts', (t) => {
  let admin: string;
  let editor: string;
  let viewer: string;
  let otherCid: number;
  let other: string;
  const ids: Record<string, number> = {};

  const list = async (query: string, token = viewer) => {
    const res = await t.call({ method: 'GET', url: `${ALERTS}${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const idsOf = (page: { data: { recordset: { AlertID: number }[] } }) => page.data.recordset.map((r) => r.AlertID);
  const reviewState = async () =>
    (await t.db.query(`SELECT cid, alert_id, status, processed_by, memo FROM player_alert ORDER BY alert_id`)).rows;

  beforeAll(async () => {
    admin = await t.login();
    editor = await tokenFor(t, 'alerts-editor', 'editor');
    viewer = await tokenFor(t, 'alerts-viewer', 'viewer');
    otherCid = await addCompany(t, 'Alerts Other');
    other = await tokenFor(t, 'alerts-other', 'admin', otherCid);
    await t.db.query(
      `INSERT INTO member (cid, member_id, nick_name, first_seen_at, last_seen_at) VALUES (1, 'm-1', 'Lucky', now(), now())`,
    );
    await t.db.query(`INSERT INTO blacklist_member (cid, member_id) VALUES (1, 'm-2')`);
    const stored = await insertAlerts(t, 1, [
      // Different rules of one member: separate incidents (one rule and subject would be one alert).
      makeAlert({ windowEnd: ago(2), level: 1, ruleId: 2, eventType: 2, eventName: 'High win streak' }),
      makeAlert({ windowEnd: ago(1), level: 2, value: 3, threshold: 2.5 }),
      makeAlert({
        windowEnd: ago(3),
        subject: { kind: 'member', id: 'm-2' },
        ruleId: 5,
        eventType: 5,
        eventName: 'Store',
      }),
      makeAlert({
        windowEnd: ago(4),
        subject: { kind: 'ip', id: '203.0.113.9' },
        ruleId: 3,
        eventType: 3,
        eventName: 'IP login',
        level: 3,
        op: '>=',
        value: 22,
        threshold: 20,
      }),
      makeAlert({
        windowEnd: ago(5),
        subject: { kind: 'device', id: 'dev-77' },
        ruleId: 4,
        eventType: 4,
        eventName: 'Register login',
      }),
      makeAlert({ windowEnd: ago(24 * 9), subject: { kind: 'member', id: 'm-3' } }),
    ]);
    const idOf = (eventId: number, subject: string) =>
      stored.find((r) => r.EventID === eventId && [r.MemberID, r.IP, r.Device].includes(subject))?.AlertID as number;
    Object.assign(ids, {
      recent: idOf(2, 'm-1'),
      risen: idOf(1, 'm-1'),
      store: idOf(5, 'm-2'),
      ip: idOf(3, '203.0.113.9'),
      device: idOf(4, 'dev-77'),
      old: idOf(1, 'm-3'),
    });
    await insertAlerts(t, otherCid, [makeAlert({ windowEnd: ago(1), subject: { kind: 'member', id: 'm-1' } })]);
  });

  it('lists the last 7 days of alerts by default, newest stored first, with the total', async () => {
    const page = await list('');
    expect(page.status).toBe(0);
    expect(page.cnt).toBe(5);
    expect(page.data.output).toEqual({ cnt: 5 });
    expect(idsOf(page)).not.toContain(ids.old);
    const recent = page.data.recordset.find((r: { AlertID: number }) => r.AlertID === ids.risen);
    expect(recent).toMatchObject({
      EventID: 1,
      EventName: 'High ratio',
      EventType: 1,
      TypeName: 'High ratio',
      Level: 2,
      SubjectKind: 'member',
      MemberID: 'm-1',
      NickName: 'Lucky',
      IP: '',
      Device: '',
      Value: 3,
      Threshold: 2.5,
      Op: '>',
      Sample: 40,
      MinSample: 30,
      Status: 0,
      ProcessedBy: null,
      ProcessedAt: null,
      Memo: '',
      Blacklisted: false,
    });
    expect(Date.parse(recent.WindowEnd) - Date.parse(recent.WindowStart)).toBe(24 * HOUR);
    const ip = page.data.recordset.find((r: { AlertID: number }) => r.AlertID === ids.ip);
    expect(ip).toMatchObject({ SubjectKind: 'ip', MemberID: '', IP: '203.0.113.9', Device: '', TypeName: 'IP login' });
    const device = page.data.recordset.find((r: { AlertID: number }) => r.AlertID === ids.device);
    expect(device).toMatchObject({ SubjectKind: 'device', MemberID: '', IP: '', Device: 'dev-77' });
    expect(page.data.recordset.find((r: { AlertID: number }) => r.AlertID === ids.store).Blacklisted).toBe(true);
  });

  it('filters by event time, type, level, status, member, IP and rule, and sorts and pages', async () => {
    const q = (query: string) => list(`?${query}`).then(idsOf);
    expect(await q(`Start=${encodeURIComponent(ago(24 * 10))}&sort=WindowEnd%20Asc`)).toEqual([
      ids.old,
      ids.device,
      ids.ip,
      ids.store,
      ids.recent,
      ids.risen,
    ]);
    expect(await q(`Start=${encodeURIComponent(ago(3.5))}&End=${encodeURIComponent(ago(1.5))}`)).toEqual(
      [ids.recent, ids.store].sort((a, b) => (b as number) - (a as number)),
    );
    expect((await q('EventTypes=3,4')).sort()).toEqual([ids.ip, ids.device].sort());
    expect((await q('EventTypes=3&EventTypes=5')).sort()).toEqual([ids.ip, ids.store].sort());
    expect(await q('Levels=2,3&sort=Level%20Desc')).toEqual([ids.ip, ids.risen]);
    expect((await q('MemberIDs=m-1')).sort()).toEqual([ids.recent, ids.risen].sort());
    expect(await q('IP=203.0.113.9')).toEqual([ids.ip]);
    expect(await q('IP=%3A%3Affff%3A203.0.113.9')).toEqual([ids.ip]);
    expect(await q('EventIDs=5')).toEqual([ids.store]);
    expect(await q('Status=1')).toEqual([]);
    const paged = await list('?pageSize=2&page=2&sort=WindowEnd%20Desc');
    expect(paged.cnt).toBe(5);
    expect(idsOf(paged)).toEqual([ids.store, ids.ip]);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['EventTypes=8', 'EventTypes'],
      ['EventTypes=a', 'EventTypes'],
      ['Levels=0', 'Levels'],
      ['Status=2', 'Status'],
      ['Start=yesterday', 'Start'],
      ['End=2026-11-22T00:00:00', 'End'],
      ['sort=Nick%20Desc', 'sort'],
      ['pageSize=0', 'pageSize'],
      [`Start=${encodeURIComponent(ago(1))}&End=${encodeURIComponent(ago(2))}`, 'End'],
    ]) {
      const res = await t.call({ method: 'GET', url: `${ALERTS}?${query}`, token: viewer });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].field, query).toBe(field);
    }
  });

  it("never shows another company's alerts", async () => {
    const theirs = await list('', other);
    expect(theirs.cnt).toBe(1);
    expect(idsOf(theirs).some((id: number) => Object.values(ids).includes(id))).toBe(false);
    const res = await t.call({ method: 'GET', url: `${ALERTS}/${ids.recent}`, token: other });
    expect(res.statusCode).toBe(404);
    expect(res.json().messageCode).toBe('ALERT_NOT_FOUND');
  });

  describe('review', () => {
    const processAlerts = (token: string, payload: object) => t.call({ method: 'PUT', url: ALERTS, token, payload });

    it('marks alerts processed with who, when and the memo, and refuses a second time, changing nothing', async () => {
      const res = await processAlerts(editor, { AlertIDs: [ids.recent, ids.ip, ids.recent], Memo: ' checked, VIP ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 0, Processed: [ids.recent, ids.ip] });
      const page = await list('?Status=1');
      expect(idsOf(page).sort()).toEqual([ids.recent, ids.ip].sort());
      const done = page.data.recordset[0];
      expect(done).toMatchObject({ Status: 1, ProcessedBy: 'alerts-editor', Memo: 'checked, VIP' });
      expect(Date.now() - Date.parse(done.ProcessedAt)).toBeLessThan(60_000);

      const before = await reviewState();
      const again = await processAlerts(admin, { AlertIDs: [ids.store, ids.recent], Memo: 'again' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        messageCode: 'ALERT_ALREADY_PROCESSED',
        errors: [{ field: 'AlertIDs[1]', message: `alert ${ids.recent} is already processed` }],
      });
      expect(again.json().message).toContain(String(ids.recent));
      expect(await reviewState()).toEqual(before);
    });

    it("answers 404 for an unknown alert or another company's, changing nothing", async () => {
      const before = await reviewState();
      const [theirs] = idsOf(await list('', other));
      for (const id of [theirs, 99_999_999]) {
        const res = await processAlerts(editor, { AlertIDs: [ids.store, id], Memo: '' });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ messageCode: 'ALERT_NOT_FOUND', errors: [{ field: 'AlertIDs[1]' }] });
      }
      expect(await reviewState()).toEqual(before);
    });

    it('lets viewers read but not process, and refuses bad bodies with a 400', async () => {
      const before = await reviewState();
      expect((await processAlerts(viewer, { AlertIDs: [ids.store], Memo: '' })).statusCode).toBe(403);
      for (const [payload, field] of [
        [{ AlertIDs: [], Memo: '' }, 'AlertIDs'],
        [{ AlertIDs: ['x'], Memo: '' }, 'AlertIDs[0]'],
        [{ AlertIDs: [1.5], Memo: '' }, 'AlertIDs[0]'],
        [{ AlertIDs: [ids.store], Memo: 'x'.repeat(501) }, 'Memo'],
        [{ AlertIDs: Array.from({ length: 1001 }, (_, i) => i + 1), Memo: '' }, 'AlertIDs'],
        [{ Memo: '' }, 'AlertIDs'],
      ] as const) {
        const res = await processAlerts(editor, payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
        expect(res.json().errors[0].field).toBe(field);
      }
      expect(await reviewState()).toEqual(before);
    });
  });

  describe('blacklist and process', () => {
    const both = (id: number | undefined, payload: object, token = editor) =>
      t.call({ method: 'POST', url: `${ALERTS}/${id}/blacklist-and-process`, token, payload });
    const blacklisted = async (memberId: string) =>
      (
        await t.db.query<{ memo: string; event_type: number | null }>(
          'SELECT memo, event_type FROM blacklist_member WHERE cid = 1 AND member_id = $1',
          [memberId],
        )
      ).rows;

    it('refuses, changing nothing: a viewer, a member not of the alert, another company, an unknown alert', async () => {
      const before = await reviewState();
      expect((await both(ids.risen, { MemberIDs: ['m-1'], Memo: 'x' }, viewer)).statusCode).toBe(403);
      const stranger = await both(ids.risen, { MemberIDs: ['m-1', 'm-9'], Memo: 'x' });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().errors[0].field).toBe('MemberIDs[1]');
      const [theirs] = idsOf(await list('', other));
      expect((await both(theirs as number, { MemberIDs: ['m-1'], Memo: 'x' })).statusCode).toBe(404);
      expect((await both(99_999_999, { MemberIDs: ['m-1'], Memo: 'x' })).statusCode).toBe(404);
      expect((await both(ids.risen, { MemberIDs: [], Memo: 'x' })).statusCode).toBe(400);
      expect(await reviewState()).toEqual(before);
      expect(await blacklisted('m-1')).toEqual([]);
    });

    it('blacklists the member with the memo and the alert type, and processes the alert, in one step', async () => {
      const res = await both(ids.risen, { MemberIDs: ['m-1'], Memo: 'ring with m-7' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 0,
        Processed: [ids.risen],
        Added: ['m-1'],
        AlreadyListed: [],
        BlockCallsQueued: 0,
      });
      // No block API is set up: the answer says nobody is locked on the platform.
      expect(res.json().message).toMatch(/no block API locks them/);
      expect(await blacklisted('m-1')).toEqual([{ memo: 'ring with m-7', event_type: 1 }]);
      const [alert] = (await list(`?Status=1&MemberIDs=m-1`)).data.recordset.filter(
        (a: { AlertID: number }) => a.AlertID === ids.risen,
      );
      expect(alert).toMatchObject({ Status: 1, ProcessedBy: 'alerts-editor', Memo: 'ring with m-7' });

      // Once processed, a second time is a 409 and changes nothing.
      const again = await both(ids.risen, { MemberIDs: ['m-1'], Memo: 'again' });
      expect(again.statusCode).toBe(409);
      expect(await blacklisted('m-1')).toEqual([{ memo: 'ring with m-7', event_type: 1 }]);
    });
  });

  describe('notification queue', () => {
    it('queues one notification per alert stored, once, and stores an alert once', async () => {
      const alert = makeAlert({ windowEnd: ago(6), subject: { kind: 'member', id: 'm-9' } });
      const first = await insertAlerts(t, 1, [alert]);
      const second = await insertAlerts(t, 1, [alert, { ...alert, level: 2 }]);
      expect(first).toHaveLength(1);
      expect(second.map((r) => r.Level)).toEqual([2]);
      const { rows } = await t.db.query<{ dedupe_key: string; payload: Record<string, unknown> }>(
        `SELECT dedupe_key, payload FROM outbox WHERE cid = 1 AND channel = 'alert' AND payload->'memberIds' ? 'm-9' ORDER BY id`,
      );
      expect(rows.map((r) => r.dedupe_key)).toEqual([
        `player:${first[0]?.AlertID}:1`,
        `player:${second[0]?.AlertID}:2`,
      ]);
      expect(rows[0]?.payload).toMatchObject({
        kind: 'player',
        alertId: first[0]?.AlertID,
        eventId: 1,
        eventType: 1,
        typeName: 'High ratio',
        level: 1,
        previousLevel: null,
        subject: { kind: 'member', id: 'm-9' },
        memberIds: ['m-9'],
        path: `/monitor/alert-events?alert=${first[0]?.AlertID}`,
      });
    });

    it('sends each through the registered targets, and marks it sent when none match', async () => {
      await t.app.outbox.runOnce();
      const seen: number[] = [];
      t.app.alerting.addTarget({
        name: 'test-target',
        async enqueue(_sql, cid, notice) {
          seen.push(notice.alertId);
          return cid === 1 && notice.level === 3 ? 1 : 0;
        },
      });
      const [raised] = await insertAlerts(t, 1, [
        makeAlert({ windowEnd: ago(7), level: 3, subject: { kind: 'member', id: 'm-10' } }),
      ]);
      const [quiet] = await insertAlerts(t, 1, [
        makeAlert({ windowEnd: ago(7), subject: { kind: 'member', id: 'm-11' } }),
      ]);
      while ((await t.app.outbox.runOnce()) > 0) {}
      expect(seen).toEqual(expect.arrayContaining([raised?.AlertID, quiet?.AlertID]));
      const { rows } = await t.db.query<{ dedupe_key: string; status: string; detail: string }>(
        `SELECT o.dedupe_key, o.status, l.detail FROM outbox o JOIN delivery_log l ON l.cid = o.cid AND l.outbox_id = o.id
          WHERE o.cid = 1 AND o.channel = 'alert' AND o.dedupe_key = ANY($1::text[]) ORDER BY o.id`,
        [[`player:${raised?.AlertID}:3`, `player:${quiet?.AlertID}:1`]],
      );
      expect(rows).toEqual([
        { dedupe_key: `player:${raised?.AlertID}:3`, status: 'sent', detail: 'queued test-target ×1' },
        { dedupe_key: `player:${quiet?.AlertID}:1`, status: 'sent', detail: 'no notification settings match' },
      ]);
    });
  });
});
