import { beforeAll, expect, it } from 'vitest';
import { insertAlerts, makeAlert } from '../../testing/alerts';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, tokenFor } from '../../testing/users';

const DASHBOARD = '/api/v2/dashboard/risk';
const OVERVIEW = '/api/v2/check-tool/alert-overview';
const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

describeEachDatabase('risk dashboard and alert overview', (t) => {
  let viewer: string;
  let otherViewer: string;
  let cid: number;

  beforeAll(async () => {
    // The company works in Taipei (UTC+8): day buckets start at 16:00 UTC.
    cid = await addCompany(t, 'Insights Co');
    viewer = await tokenFor(t, 'insights-viewer', 'viewer', cid);
    otherViewer = await tokenFor(t, 'insights-other', 'viewer', 1);
    await t.db.query(
      `INSERT INTO member (cid, member_id, nick_name, first_seen_at, last_seen_at) VALUES ($1, 'm-a', 'Ace', now(), now())`,
      [cid],
    );
    const member = (id: string) => ({ kind: 'member' as const, id });
    const stored = await insertAlerts(t, cid, [
      // One incident: m-a's ratio alert rises from level 1 to 2 (one alert, escalated).
      makeAlert({ windowEnd: '2026-11-10T01:30:00.000Z', subject: member('m-a') }),
      makeAlert({ windowEnd: '2026-11-10T02:10:00.000Z', subject: member('m-a'), level: 2 }),
      makeAlert({ windowEnd: '2026-11-10T01:45:00.000Z', subject: member('m-a'), ruleId: 2, eventType: 2 }),
      makeAlert({
        windowEnd: '2026-11-10T02:20:00.000Z',
        subject: { kind: 'ip', id: '198.51.100.4' },
        ruleId: 3,
        eventType: 3,
        level: 3,
      }),
      makeAlert({ windowEnd: '2026-11-10T17:00:00.000Z', subject: member('m-b'), ruleId: 5, eventType: 5 }),
      makeAlert({ windowEnd: '2026-11-12T00:00:00.000Z', subject: member('m-c'), ruleId: 7, eventType: 7 }),
    ]);
    const ratio = stored.filter((r) => r.MemberID === 'm-a' && r.EventID === 1);
    expect(ratio.map((r) => [r.Level, r.LevelHistory.map((h) => h.Level)])).toEqual([[2, [1, 2]]]);
    const processed = stored.find((r) => r.MemberID === 'm-b')?.AlertID;
    await t.db.query(`UPDATE player_alert SET status = 1 WHERE cid = $1 AND alert_id = $2`, [cid, processed]);
    await insertAlerts(t, 1, [makeAlert({ windowEnd: '2026-11-10T03:00:00.000Z', subject: member('m-a') })]);
  });

  it('counts a period by type and level, with an hourly trend, top members and the latest alerts', async () => {
    const res = await t.call({
      method: 'GET',
      url: DASHBOARD + q({ Start: '2026-11-10T00:00:00Z', End: '2026-11-11T00:00:00Z' }),
      token: viewer,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      Start: '2026-11-10T00:00:00.000Z',
      End: '2026-11-11T00:00:00.000Z',
      Bucket: 'hour',
      Totals: { Alerts: 4, Pending: 3, Subjects: 3 },
    });
    expect(d.ByType).toHaveLength(7);
    expect(d.ByType[0]).toEqual({ EventType: 1, TypeName: 'High ratio', Count: 1, Pending: 1 });
    expect(d.ByType[1]).toMatchObject({ EventType: 2, Count: 1, Pending: 1 });
    expect(d.ByType[2]).toMatchObject({ EventType: 3, Count: 1, Pending: 1 });
    expect(d.ByType[4]).toMatchObject({ EventType: 5, Count: 1, Pending: 0 });
    expect(d.ByType[6]).toMatchObject({ EventType: 7, Count: 0 });
    expect(d.ByLevel).toEqual([
      { Level: 1, Count: 2 },
      { Level: 2, Count: 1 },
      { Level: 3, Count: 1 },
    ]);
    expect(d.Trend).toHaveLength(24 * 7);
    const nonZero = d.Trend.filter((b: { Count: number }) => b.Count > 0);
    expect(nonZero).toEqual([
      { Bucket: '2026-11-10T01:00:00.000Z', EventType: 2, Count: 1 },
      { Bucket: '2026-11-10T02:00:00.000Z', EventType: 1, Count: 1 },
      { Bucket: '2026-11-10T02:00:00.000Z', EventType: 3, Count: 1 },
      { Bucket: '2026-11-10T17:00:00.000Z', EventType: 5, Count: 1 },
    ]);
    expect(d.TopMembers).toEqual([
      { MemberID: 'm-a', NickName: 'Ace', Count: 2, MaxLevel: 2, LastAt: '2026-11-10T02:10:00.000Z' },
      { MemberID: 'm-b', NickName: '', Count: 1, MaxLevel: 1, LastAt: '2026-11-10T17:00:00.000Z' },
    ]);
    // Latest detected first (all four were detected together: newest id first; ids follow the order the
    // incidents were opened, the oldest behaviour first).
    expect(d.Latest.map((a: { WindowEnd: string }) => a.WindowEnd)).toEqual([
      '2026-11-10T17:00:00.000Z',
      '2026-11-10T02:20:00.000Z',
      '2026-11-10T01:45:00.000Z',
      '2026-11-10T02:10:00.000Z',
    ]);
  });

  it('buckets longer periods by day of the company time zone', async () => {
    const res = await t.call({
      method: 'GET',
      url: DASHBOARD + q({ Start: '2026-11-01T00:00:00+08:00', End: '2026-11-15T00:00:00+08:00' }),
      token: viewer,
    });
    const d = res.json().data;
    expect(d.Bucket).toBe('day');
    expect(d.Trend).toHaveLength(14 * 7);
    expect(d.Trend[0].Bucket).toBe('2026-10-31T16:00:00.000Z');
    expect(d.Trend.filter((b: { Count: number }) => b.Count > 0)).toEqual([
      { Bucket: '2026-11-09T16:00:00.000Z', EventType: 1, Count: 1 },
      { Bucket: '2026-11-09T16:00:00.000Z', EventType: 2, Count: 1 },
      { Bucket: '2026-11-09T16:00:00.000Z', EventType: 3, Count: 1 },
      { Bucket: '2026-11-10T16:00:00.000Z', EventType: 5, Count: 1 },
      { Bucket: '2026-11-11T16:00:00.000Z', EventType: 7, Count: 1 },
    ]);
    expect(d.Totals.Alerts).toBe(5);
  });

  it('refuses a reversed or over-long period, and shows each company only its alerts', async () => {
    for (const params of [
      { Start: '2026-11-10T00:00:00Z', End: '2026-11-09T00:00:00Z' } as Record<string, string>,
      { Start: '2025-01-01T00:00:00Z', End: '2026-11-09T00:00:00Z' },
      { Start: 'soon' },
    ]) {
      const res = await t.call({ method: 'GET', url: DASHBOARD + q(params), token: viewer });
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
    }
    const theirs = await t.call({
      method: 'GET',
      url: DASHBOARD + q({ Start: '2026-11-10T00:00:00Z', End: '2026-11-11T00:00:00Z' }),
      token: otherViewer,
    });
    expect(theirs.json().data.Totals).toEqual({ Alerts: 1, Pending: 1, Subjects: 1 });
    expect(theirs.json().data.TopMembers[0]).toMatchObject({ MemberID: 'm-a', NickName: '', Count: 1 });
  });

  it('lists the alerted members, IPs and devices of a period with counts per type', async () => {
    const period = { Start: '2026-11-09T00:00:00Z', End: '2026-11-13T00:00:00Z' };
    const res = await t.call({ method: 'GET', url: OVERVIEW + q(period), token: viewer });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.cnt).toBe(4);
    expect(page.data.recordset[0]).toEqual({
      SubjectKind: 'member',
      MemberID: 'm-a',
      NickName: 'Ace',
      IP: '',
      Device: '',
      Alerts: 2,
      Pending: 2,
      MaxLevel: 2,
      ByType: { 1: 1, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0 },
      FirstAt: '2026-11-10T01:45:00.000Z',
      LastAt: '2026-11-10T02:10:00.000Z',
    });
    const ip = await t.call({ method: 'GET', url: OVERVIEW + q({ ...period, EventTypes: '3' }), token: viewer });
    expect(ip.json().data.recordset).toEqual([
      expect.objectContaining({ SubjectKind: 'ip', MemberID: '', IP: '198.51.100.4', Alerts: 1, MaxLevel: 3 }),
    ]);
    const one = await t.call({ method: 'GET', url: OVERVIEW + q({ ...period, MemberIDs: 'm-a' }), token: viewer });
    expect(one.json().data.recordset).toEqual([expect.objectContaining({ MemberID: 'm-a' })]);
    expect(one.json().cnt).toBe(1);
    const level2 = await t.call({ method: 'GET', url: OVERVIEW + q({ ...period, Levels: '2' }), token: viewer });
    expect(level2.json().data.recordset).toEqual([
      expect.objectContaining({ MemberID: 'm-a', Alerts: 1, MaxLevel: 2 }),
    ]);
    const sorted = await t.call({
      method: 'GET',
      url: OVERVIEW + q({ ...period, sort: 'LastAt Desc', pageSize: '2', page: '1' }),
      token: viewer,
    });
    expect(sorted.json().cnt).toBe(4);
    expect(sorted.json().data.recordset.map((r: { MemberID: string }) => r.MemberID)).toEqual(['m-c', 'm-b']);
    const bad = await t.call({ method: 'GET', url: OVERVIEW + q({ ...period, Levels: '5' }), token: viewer });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('Levels');
  });
});
