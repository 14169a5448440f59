import type { ServerMessage } from '@pitboss/contract';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { describeEachDatabase } from '../../../testing/test-app';
import { alertsOf, companyWithKey, events, ingest, raisesOf } from './detectors.testing';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeEachDatabase('player alert detectors', (t) => {
  const base = Math.floor((Date.now() - 6 * HOUR) / 60_000) * 60_000;
  const e = events(base);

  describe('each alert type, raised at ingest with its level, evidence and window', () => {
    it('1 high ratio: payout over stake from 30 bets on', async () => {
      const c = await companyWithKey(t, 'Ratio Co');
      // Wins paying 6× and losses in turn: a ratio of 3, and never a streak.
      const bets = Array.from({ length: 31 }, (_, i) => e.bet('lucky', i, 10, i % 2 === 0 ? 60 : 0));
      await ingest(t, c.key, bets);
      const [alert, ...rest] = await alertsOf(t, c.cid);
      expect(rest).toEqual([]);
      expect(alert).toMatchObject({
        event_id: 1,
        event_type: 1,
        level: 2,
        subject_kind: 'member',
        subject_id: 'lucky',
        value: 3,
        threshold: 2.5,
        window_end: e.at(29),
        window_start: new Date(Date.parse(e.at(29)) - DAY).toISOString(),
        raising_event_id: (bets[29] as { id: string }).id,
        event_count: 30,
      });
      expect(alert?.event_ids).toEqual(bets.slice(0, 30).map((b) => (b as { id: string }).id));

      // The detail reads the events behind it from the event store, and the member's days from the rollups.
      const detail = await t.call({
        method: 'GET',
        url: `/api/v2/monitor/alert-events/${alert?.alert_id}`,
        token: c.admin,
      });
      expect(detail.statusCode, detail.body).toBe(200);
      const data = detail.json().data;
      expect(data).toMatchObject({ MemberID: 'lucky', Level: 2, EventCount: 30, Members: [] });
      expect(data.Events).toHaveLength(30);
      expect(data.Events[0]).toMatchObject({
        ID: (bets[0] as { id: string }).id,
        Type: 'bet',
        MemberID: 'lucky',
        Stake: 10,
        Payout: 60,
        GameID: 'BAC01',
        Currency: 'USD',
      });
      expect(data.Member.Days).toHaveLength(7);
      const days = data.Member.Days as { Bets: number; Stake: number }[];
      expect(days.reduce((n, d) => n + d.Bets, 0)).toBe(31);
      expect(days.reduce((n, d) => n + d.Stake, 0)).toBe(310);
      expect(data.Member.OtherAlerts).toBe(0);
    });

    it('2 high win streak: wins in a row', async () => {
      const c = await companyWithKey(t, 'Streak Co');
      const bets = [e.bet('runner', 0, 10, 0), ...Array.from({ length: 16 }, (_, i) => e.bet('runner', i + 1, 10, 20))];
      await ingest(t, c.key, bets);
      const alerts = await alertsOf(t, c.cid);
      // One streak, one alert: raised at level 1 (12 wins) and escalated to level 2 (16).
      expect(alerts.map((a) => [a.event_type, a.level, a.value, a.event_count])).toEqual([[2, 2, 16, 16]]);
      expect(alerts[0]?.level_history.map((h) => [h.Level, h.Value])).toEqual([
        [1, 12],
        [2, 16],
      ]);
      expect(alerts[0]?.event_ids).toEqual(bets.slice(1).map((b) => (b as { id: string }).id));
    });

    it('3 IP login: distinct members logging in from one address within an hour (failed logins do not count)', async () => {
      const c = await companyWithKey(t, 'Shared IP Co');
      const logins = [
        ...Array.from({ length: 4 }, (_, i) => e.login(`ring-${i}`, i, '2001:DB8::7')),
        e.login('ring-0', 5, '2001:db8::7'),
        e.login('bot', 6, '2001:db8::7', false),
        e.login('ring-4', 70, '2001:db8::7'),
        e.login('ring-5', 71, '2001:db8:0:0::7'),
      ];
      await ingest(t, c.key, logins);
      const alerts = await alertsOf(t, c.cid);
      // ring-0…3 fall out of the hour before ring-4 and ring-5 come: never 5 in one window.
      expect(alerts).toEqual([]);
      await ingest(t, c.key, [
        e.login('ring-6', 72, '2001:db8::7'),
        e.login('ring-7', 73, '2001:db8::7'),
        e.login('ring-8', 74, '2001:db8::7'),
      ]);
      const [alert] = await alertsOf(t, c.cid);
      expect(alert).toMatchObject({
        event_type: 3,
        level: 1,
        subject_kind: 'ip',
        subject_id: '2001:db8::7',
        value: 5,
        event_count: 5,
        window_start: new Date(Date.parse(e.at(74)) - HOUR).toISOString(),
      });
      const list = await t.call({ method: 'GET', url: '/api/v2/monitor/alert-events?IP=2001:DB8::7', token: c.admin });
      expect(list.json().data.recordset[0]).toMatchObject({ MemberID: '', IP: '2001:db8::7', SubjectKind: 'ip' });
      const detail = await t.call({
        method: 'GET',
        url: `/api/v2/monitor/alert-events/${alert?.alert_id}`,
        token: c.admin,
      });
      expect(detail.json().data).toMatchObject({
        Member: null,
        Members: ['ring-4', 'ring-5', 'ring-6', 'ring-7', 'ring-8'],
      });
      expect(detail.json().data.Events[0]).toMatchObject({ Type: 'login', IP: '2001:db8::7' });
    });

    it('4 register login: accounts registered from one IP and from one device', async () => {
      const c = await companyWithKey(t, 'Farm Co');
      const regs = Array.from({ length: 5 }, (_, i) => e.register(`farm-${i}`, i * 30, '198.51.100.20', 'device-x'));
      await ingest(t, c.key, regs);
      const alerts = await alertsOf(t, c.cid);
      expect(alerts.map((a) => [a.event_type, a.level, a.subject_kind, a.subject_id, a.value])).toEqual([
        [4, 1, 'device', 'device-x', 5],
        [4, 1, 'ip', '198.51.100.20', 5],
      ]);
      const list = await t.call({
        method: 'GET',
        url: '/api/v2/monitor/alert-events?EventTypes=4&sort=AlertID%20Asc',
        token: c.admin,
      });
      expect(
        list
          .json()
          .data.recordset.map((r: { IP: string; Device: string }) => [r.IP, r.Device])
          .sort(),
      ).toEqual([
        ['', 'device-x'],
        ['198.51.100.20', ''],
      ]);
    });

    it('5 store, 6 trade, 7 event: totals in base currency (converted with the company rate) and points', async () => {
      const c = await companyWithKey(t, 'Money Co');
      await t.db.query(
        `INSERT INTO currency_rate (cid, currency, rate_date, rate) VALUES ($1, 'TWD', '2020-01-01', 0.03125)`,
        [c.cid],
      );
      await ingest(t, c.key, [
        e.purchase('whale', 0, 6_000),
        e.purchase('whale', 1, 128_000, 'TWD'),
        e.purchase('whale', 2, 100, 'EUR'),
        e.transfer('mule', 0, 15_000, 'in'),
        e.transfer('mule', 1, 5_000, 'out'),
        e.bonus('hunter', 0, 3_000),
        e.bonus('hunter', 1, -500),
        e.bonus('hunter', 2, 2_500),
      ]);
      const alerts = await alertsOf(t, c.cid);
      expect(alerts.map((a) => [a.event_type, a.subject_id, a.level, a.value, a.threshold, a.event_count])).toEqual([
        [5, 'whale', 1, 10_000, 10_000, 2],
        [6, 'mule', 1, 20_000, 20_000, 2],
        [7, 'hunter', 1, 5_000, 5_000, 3],
      ]);
    });
  });

  it('keeps one alert per incident: a higher level escalates the pending alert, a processed one is not reopened', async () => {
    // Spans more than two days: it starts three days ago, so no event is dated in the future.
    const early = events(Math.floor((Date.now() - 3 * DAY) / 60_000) * 60_000);
    const c = await companyWithKey(t, 'Once Co');
    await ingest(t, c.key, [early.purchase('w', 0, 10_000)]);
    await ingest(t, c.key, [early.purchase('w', 10, 1_000), early.purchase('w', 20, 1_000)]);
    expect((await alertsOf(t, c.cid)).map((a) => a.level)).toEqual([1]);
    const [opened] = await alertsOf(t, c.cid);
    await ingest(t, c.key, [early.purchase('w', 30, 40_000)]);
    // Escalated in place: same alert, level and value moved up, both levels in its history.
    const escalated = await alertsOf(t, c.cid);
    expect(escalated.map((a) => [a.alert_id, a.level, a.value])).toEqual([[opened?.alert_id, 2, 52_000]]);
    expect(escalated[0]?.level_history.map((h) => [h.Level, h.Value])).toEqual([
      [1, 10_000],
      [2, 52_000],
    ]);
    // A day later the window has let go of them and level 1 is raised again: the alert is still
    // pending, so it is the same incident and nothing new is opened.
    await ingest(t, c.key, [early.purchase('w', 24 * 60 + 40, 10_000)]);
    expect((await alertsOf(t, c.cid)).map((a) => [a.level, a.value])).toEqual([[2, 52_000]]);
    expect(await raisesOf(t, c.cid)).toHaveLength(3);
    // Once processed, the next raise opens a new alert.
    const processed = await t.call({
      method: 'PUT',
      url: '/api/v2/monitor/alert-events',
      token: c.admin,
      payload: { AlertIDs: [opened?.alert_id], Memo: 'reviewed' },
    });
    expect(processed.statusCode).toBe(200);
    await ingest(t, c.key, [early.purchase('w', 2 * 24 * 60 + 50, 10_000)]);
    expect((await alertsOf(t, c.cid)).map((a) => [a.level, a.value, a.status])).toEqual([
      [2, 52_000, 1],
      [1, 10_000, 0],
    ]);
  });

  it('raises nothing for whitelisted members and IPs, from the next batch on', async () => {
    const c = await companyWithKey(t, 'White Co');
    await ingest(t, c.key, [e.purchase('vip', 0, 9_000), e.login('a', 0, '203.0.113.50')]);
    const white = await t.call({
      method: 'POST',
      url: '/api/v2/monitor/whitelist',
      token: c.admin,
      payload: { WhiteMember_UDT: [{ MemberID: 'vip' }] },
    });
    expect(white.statusCode).toBe(200);
    const ips = await t.call({
      method: 'POST',
      url: '/api/v2/monitor/whitelist/ip',
      token: c.admin,
      payload: { WhiteIP_UDT: [{ IP: '203.0.113.0/24' }] },
    });
    expect(ips.statusCode).toBe(200);
    await ingest(t, c.key, [
      e.purchase('vip', 1, 60_000),
      ...['b', 'c', 'd', 'e', 'f'].map((m, i) => e.login(m, i + 1, '203.0.113.50')),
    ]);
    expect(await alertsOf(t, c.cid)).toEqual([]);
    // Off the list again: its events were counted all along, and the level it reached meanwhile (2)
    // counts as reached: the next alert is a rise.
    await t.call({
      method: 'DELETE',
      url: '/api/v2/monitor/whitelist',
      token: c.admin,
      payload: { WhiteMember_UDT: [{ MemberID: 'vip' }] },
    });
    await ingest(t, c.key, [e.purchase('vip', 2, 1)]);
    expect(await alertsOf(t, c.cid)).toEqual([]);
    await ingest(t, c.key, [e.purchase('vip', 3, 140_000)]);
    expect((await alertsOf(t, c.cid)).map((a) => [a.subject_id, a.level, a.value])).toEqual([['vip', 3, 209_001]]);
  });

  it('queues one notification per new alert and pushes it to the company’s consoles', async () => {
    const c = await companyWithKey(t, 'Push Co');
    const other = await companyWithKey(t, 'Quiet Co');
    const collect = (socket: WebSocket, into: ServerMessage[]) =>
      socket.on('message', (data) => into.push(JSON.parse(String(data))));
    const mine: ServerMessage[] = [];
    const theirs: ServerMessage[] = [];
    const a = await t.app.injectWS(`/api/ws?token=${c.admin}`, {}, { onInit: (s) => collect(s, mine) });
    const b = await t.app.injectWS(`/api/ws?token=${other.admin}`, {}, { onInit: (s) => collect(s, theirs) });
    await until(() => mine.length > 0 && theirs.length > 0);
    await new Promise((r) => setTimeout(r, 200));
    await ingest(t, c.key, [e.purchase('p', 0, 12_000), e.transfer('p', 0, 25_000, 'in')]);
    await until(() => mine.filter((m) => m.type === 'alert').length === 2);
    const pushed = mine
      .filter((m) => m.type === 'alert')
      .map((m) => (m as unknown as { alert: { AlertID: number; EventType: number } }).alert);
    const stored = await alertsOf(t, c.cid);
    expect(pushed.map((p) => p.AlertID).sort()).toEqual(stored.map((s) => s.alert_id).sort());
    expect(pushed[0]).toMatchObject({ MemberID: 'p', Level: 1, Status: 0, TypeName: expect.any(String) });
    expect(mine).toContainEqual({ type: 'invalidate', keys: ['alerts', 'dashboard'], cid: c.cid });
    expect(theirs.filter((m) => m.type === 'alert' || m.type === 'invalidate')).toEqual([]);
    const { rows } = await t.db.query<{ dedupe_key: string; status: string }>(
      `SELECT dedupe_key, status FROM outbox WHERE cid = $1 AND channel = 'alert' ORDER BY id`,
      [c.cid],
    );
    expect(rows.map((r) => r.dedupe_key).sort()).toEqual(stored.map((s) => `player:${s.alert_id}:${s.level}`).sort());
    a.terminate();
    b.terminate();
  });

  it('keeps companies apart: the same member ids in two companies are two members', async () => {
    const one = await companyWithKey(t, 'Tenant One');
    const two = await companyWithKey(t, 'Tenant Two');
    await ingest(t, one.key, [e.purchase('shared', 0, 6_000)]);
    await ingest(t, two.key, [e.purchase('shared', 1, 6_000)]);
    expect(await alertsOf(t, one.cid)).toEqual([]);
    expect(await alertsOf(t, two.cid)).toEqual([]);
    await ingest(t, two.key, [e.purchase('shared', 2, 4_000)]);
    expect(await alertsOf(t, one.cid)).toEqual([]);
    expect((await alertsOf(t, two.cid)).map((a) => a.value)).toEqual([10_000]);
    const list = await t.call({ method: 'GET', url: '/api/v2/monitor/alert-events', token: one.admin });
    expect(list.json().cnt).toBe(0);
  });
});
