import type { IngestEventInput } from '@pitboss/contract';
import { DEFAULT_LAUNDERING_SETTING } from '@pitboss/engine';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, tokenFor } from '../../testing/users';
import { createIngestKey, nextId, postEvents } from '../ingest/ingest.testing';

const SETTINGS = '/api/v2/monitor/laundering-settings';
const ALERTS = '/api/v2/monitor/laundering-alerts';
const SEARCH = '/api/v2/monitor/laundering-search';

const body = {
  EventName: 'Baccarat hedging',
  SidePairs: [
    ['banker', 'player'],
    ['Red', 'black'],
  ],
  GameTypes: ['baccarat'],
  MinStake: 50,
  StakeTolerance: 5,
  TimeUnit: 'hour',
  LoopValue: 6,
  Enabled: true,
  Levels: [
    { Level: 2, Rounds: 5, MatchedStake: 0, Op: 'or' },
    { Level: 1, Rounds: 3, MatchedStake: 1000, Op: 'and' },
  ],
};

const T0 = Date.parse('2026-11-24T10:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/** One round where each [member, side, stake, payout] bets. */
function round(gameId: string, minutes: number, bets: [string, string, number, number][]): IngestEventInput[] {
  const roundId = nextId('round');
  return bets.map(([memberId, side, stake, payout]) => ({
    type: 'bet',
    id: nextId('bet'),
    at: at(minutes),
    memberId,
    gameId,
    roundId,
    stake,
    payout,
    currency: 'USD',
    side,
  }));
}

describeEachDatabase('laundering', (t) => {
  let admin: string;
  let editor: string;
  let viewer: string;
  let publisher: string;
  let aggregatorCid: number;
  let aggregator: string;

  const settingsOf = async (cid: number) =>
    (
      await t.db.query(
        `SELECT event_id, event_name, side_pairs, stake_tolerance, loop_value, levels, enabled, deleted_at
           FROM laundering_setting WHERE cid = $1 ORDER BY event_id`,
        [cid],
      )
    ).rows;

  beforeAll(async () => {
    admin = await t.login();
    editor = await tokenFor(t, 'laundering-editor', 'editor');
    viewer = await tokenFor(t, 'laundering-viewer', 'viewer');
    const publisherCid = await addCompany(t, 'Laundering Publisher', 2);
    publisher = await tokenFor(t, 'laundering-publisher', 'admin', publisherCid);
    aggregatorCid = await addCompany(t, 'Laundering Aggregator', 3);
    aggregator = await tokenFor(t, 'laundering-aggregator', 'admin', aggregatorCid);
  });

  describe('settings', () => {
    it('gives platform and aggregator companies the default setting, and publishers none', async () => {
      for (const token of [viewer, aggregator]) {
        const res = await t.call({ method: 'GET', url: SETTINGS, token });
        expect(res.statusCode).toBe(200);
        const [setting, ...rest] = res.json().data.recordset;
        expect(rest).toEqual([]);
        const { EventID, CreateDate: _c, UpdateDate: _u, UpdatedBy, ...fields } = setting;
        expect(fields).toEqual(DEFAULT_LAUNDERING_SETTING);
        expect(UpdatedBy).toBe('system');
        expect(EventID).toBeGreaterThan(7);
      }
      const { rows } = await t.db.query(
        `SELECT count(*)::int AS n FROM laundering_setting s JOIN company c USING (cid) WHERE c.operator_type = 2`,
      );
      expect(rows[0]).toEqual({ n: 0 });
    });

    it('lists the settings among every rule for notification settings', async () => {
      const events = await t.app.alerting.listEvents(1);
      expect(events.filter((e) => e.Kind === 'laundering')).toEqual([
        expect.objectContaining({ EventType: 9, TypeName: 'Opposing bets', EventName: 'Opposing bets', Enabled: true }),
      ]);
    });

    it('lets editors add, replace and delete settings, with EventIDs shared across kinds; viewers only read', async () => {
      const created = await t.call({ method: 'POST', url: SETTINGS, token: editor, payload: body });
      expect(created.statusCode, created.body).toBe(200);
      const setting = created.json().data;
      expect(setting).toMatchObject({
        EventName: 'Baccarat hedging',
        SidePairs: [
          ['banker', 'player'],
          ['red', 'black'],
        ],
        UpdatedBy: 'laundering-editor',
        Levels: [
          { Level: 1, Rounds: 3, MatchedStake: 1000, Op: 'and' },
          { Level: 2, Rounds: 5, MatchedStake: 0, Op: 'or' },
        ],
      });
      const ids = (await t.app.alerting.listEvents(1)).map((e) => e.EventID);
      expect(new Set(ids).size).toBe(ids.length);

      const url = `${SETTINGS}/${setting.EventID}`;
      // The minimum opposed share takes the default when left out, and is stored when given.
      expect(setting.MinOpposedShare).toBe(80);
      const replaced = await t.call({
        method: 'PUT',
        url,
        token: admin,
        payload: { ...body, Enabled: false, MinOpposedShare: 65 },
      });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json().data).toMatchObject({ Enabled: false, UpdatedBy: 'admin', MinOpposedShare: 65 });

      for (const [method, target, payload] of [
        ['POST', SETTINGS, body],
        ['PUT', url, body],
        ['DELETE', url, undefined],
      ] as const) {
        const res = await t.call({ method, url: target, token: viewer, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${target}`).toBe(403);
      }

      const deleted = await t.call({ method: 'DELETE', url, token: editor });
      expect(deleted.statusCode).toBe(200);
      expect((await t.call({ method: 'DELETE', url, token: editor })).statusCode).toBe(404);
      expect((await t.call({ method: 'PUT', url, token: editor, payload: body })).statusCode).toBe(404);
      const listed = (await t.call({ method: 'GET', url: SETTINGS, token: viewer })).json().data.recordset;
      expect(listed.map((s: { EventID: number }) => s.EventID)).not.toContain(setting.EventID);
    });

    const level = { Level: 1, Rounds: 3, MatchedStake: 0, Op: 'or' };
    it.each([
      ['a tolerance over 100', { ...body, StakeTolerance: 101 }, 'StakeTolerance'],
      ['a negative tolerance', { ...body, StakeTolerance: -1 }, 'StakeTolerance'],
      ['a pair of the same side', { ...body, SidePairs: [['banker', 'Banker']] }, 'SidePairs[0]'],
      ['a pair with an empty side', { ...body, SidePairs: [['banker', ' ']] }, 'SidePairs[0][1]'],
      ['a pair of one side', { ...body, SidePairs: [['banker']] }, 'SidePairs[0]'],
      ['no pairs', { ...body, SidePairs: [] }, 'SidePairs'],
      ['a negative minimum stake', { ...body, MinStake: -1 }, 'MinStake'],
      ['an opposed share over 100', { ...body, MinOpposedShare: 101 }, 'MinOpposedShare'],
      ['a negative opposed share', { ...body, MinOpposedShare: -5 }, 'MinOpposedShare'],
      ['a LoopValue of 0', { ...body, LoopValue: 0 }, 'LoopValue'],
      ['a LoopValue over 1,000', { ...body, LoopValue: 1001 }, 'LoopValue'],
      ['a window over 31 days', { ...body, TimeUnit: 'day', LoopValue: 40 }, 'LoopValue'],
      ['an unknown time unit', { ...body, TimeUnit: 'week' }, 'TimeUnit'],
      ['level 4', { ...body, Levels: [{ ...level, Level: 4 }] }, 'Levels[0].Level'],
      ['level 0', { ...body, Levels: [{ ...level, Level: 0 }] }, 'Levels[0].Level'],
      ['a level given twice', { ...body, Levels: [level, level] }, 'Levels'],
      ['a level without a condition', { ...body, Levels: [{ ...level, Rounds: 0 }] }, 'Levels'],
      ['an unknown level operator', { ...body, Levels: [{ ...level, Op: 'xor' }] }, 'Levels[0].Op'],
      ['a blank name', { ...body, EventName: ' ' }, 'EventName'],
    ])('refuses %s with a 400 naming the field, changing nothing', async (_what, payload, field) => {
      const before = await settingsOf(1);
      const [first] = before as { event_id: number }[];
      for (const [method, url] of [
        ['POST', SETTINGS],
        ['PUT', `${SETTINGS}/${first?.event_id}`],
      ] as const) {
        const res = await t.call({ method, url, token: editor, payload });
        expect(res.statusCode, `${method} ${res.body}`).toBe(400);
        expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      }
      expect(await settingsOf(1)).toEqual(before);
    });

    it('refuses unknown levels and a bad status in the alert list, naming the field', async () => {
      for (const [query, field] of [
        ['Levels=4', 'Levels'],
        ['Levels=x', 'Levels'],
        ['Status=2', 'Status'],
        ['Start=yesterday', 'Start'],
        ['sort=Nope%20Desc', 'sort'],
      ]) {
        const res = await t.call({ method: 'GET', url: `${ALERTS}?${query}`, token: viewer });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().errors[0].field).toBe(field);
      }
      const res = await t.call({ method: 'GET', url: SEARCH, token: viewer });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('MemberIDs');
    });
  });

  it('answers 403 to a publisher company on every opposing-bet call', async () => {
    for (const [method, url, payload] of [
      ['GET', SETTINGS, undefined],
      ['POST', SETTINGS, body],
      ['PUT', `${SETTINGS}/8`, body],
      ['DELETE', `${SETTINGS}/8`, undefined],
      ['GET', ALERTS, undefined],
      ['GET', `${ALERTS}/1`, undefined],
      ['PUT', ALERTS, { AlertIDs: [1], Memo: 'x' }],
      ['GET', `${SEARCH}?MemberIDs=a`, undefined],
    ] as const) {
      const res = await t.call({ method, url, token: publisher, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: SETTINGS })).statusCode).toBe(401);
  });

  describe('detection at ingest', () => {
    let cid: number;
    let token: string;
    let key: string;
    const published: { type: string; kind?: string; escalated?: boolean; alert?: Record<string, unknown> }[] = [];

    const ingest = async (events: IngestEventInput[]) => {
      const res = await postEvents(t, key, events);
      expect(res.statusCode, res.body).toBe(200);
    };
    /** A later event of the company: rounds more than 2 minutes behind it close (and raise). */
    const tick = (minutes: number) =>
      ingest([{ type: 'login', id: nextId('l'), at: at(minutes), memberId: 'clock', ip: '10.9.9.9' }]);
    const storedAlerts = async () =>
      (
        await t.db.query<{
          alert_id: number;
          level: number;
          member_ids: string[];
          rounds: number;
          status: number;
          group_kind: string;
        }>(
          `SELECT alert_id, level, member_ids, rounds, status, group_kind FROM laundering_alert WHERE cid = $1 ORDER BY alert_id`,
          [cid],
        )
      ).rows;

    beforeAll(async () => {
      cid = await addCompany(t, 'Laundering Platform');
      token = await tokenFor(t, 'laundering-platform-admin', 'admin', cid);
      key = await createIngestKey(t, token);
      const publish = t.app.live.publish.bind(t.app.live);
      vi.spyOn(t.app.live, 'publish').mockImplementation((target, message) => {
        if (target === cid) published.push(message as (typeof published)[number]);
        publish(target, message);
      });
    });

    it('raises a pair at its third repeated round, with evidence, a notice and a live push', async () => {
      await ingest([
        { type: 'login', id: nextId('l'), at: at(-5), memberId: 'x', ip: '10.1.2.3', device: 'dev-x' },
        { type: 'login', id: nextId('l'), at: at(-5), memberId: 'y', ip: '10.1.2.3' },
        { type: 'bonus', id: nextId('bonus'), at: at(-1), memberId: 'y', points: 500 },
        ...round('bacc-1', 0, [
          ['x', 'banker', 1000, 1950],
          ['y', 'player', 980, 0],
          ['z', 'player', 1000, 0],
        ]),
      ]);
      // One round's bets in two batches, the second first.
      const second = round('bacc-1', 1, [
        ['x', 'banker', 1000, 0],
        ['y', 'player', 1020, 2040],
      ]);
      await ingest([second[1] as IngestEventInput]);
      await ingest([second[0] as IngestEventInput]);
      // Honest players on opposite sides with far-apart stakes never match.
      await ingest(
        round('bacc-2', 2, [
          ['h1', 'big', 10, 20],
          ['h2', 'small', 500, 0],
        ]),
      );
      expect(await storedAlerts()).toEqual([
        // x and z matched once only.
      ]);

      await ingest(
        round('bacc-1', 3, [
          ['y', 'player', 1000, 2000],
          ['x', 'BANKER', 1000, 0],
        ]),
      );
      // Decided once the round closes: the company's events 2 minutes past it.
      expect(await storedAlerts()).toEqual([]);
      await tick(5.1);
      const stored = await storedAlerts();
      expect(stored).toEqual([
        { alert_id: expect.any(Number), level: 1, member_ids: ['x', 'y'], rounds: 3, status: 0, group_kind: 'pair' },
      ]);
      const alertId = stored[0]?.alert_id as number;

      const notices = await t.db.query<{
        dedupe_key: string;
        payload: { kind: string; eventType: number; memberIds: string[] };
      }>(`SELECT dedupe_key, payload FROM outbox WHERE cid = $1 AND channel = 'alert' ORDER BY id`, [cid]);
      expect(notices.rows.map((r) => [r.dedupe_key, r.payload.kind, r.payload.eventType, r.payload.memberIds])).toEqual(
        [[`laundering:${alertId}:1`, 'laundering', 9, ['x', 'y']]],
      );
      expect(published.filter((m) => m.type === 'alert')).toEqual([
        expect.objectContaining({
          kind: 'laundering',
          escalated: false,
          alert: expect.objectContaining({ AlertID: alertId }),
        }),
      ]);

      const list = await t.call({ method: 'GET', url: `${ALERTS}?Start=${at(-60)}&MemberIDs=y`, token });
      expect(list.statusCode).toBe(200);
      expect(list.json().cnt).toBe(1);
      expect(list.json().data.recordset[0]).toMatchObject({
        AlertID: alertId,
        Level: 1,
        Rounds: 3,
        MemberIDs: ['x', 'y'],
      });

      const detail = await t.call({ method: 'GET', url: `${ALERTS}/${alertId}`, token });
      expect(detail.statusCode).toBe(200);
      const data = detail.json().data;
      expect(data.MatchedRounds).toHaveLength(3);
      expect(data.MatchedRounds[0].Bets.map((b: { MemberID: string }) => b.MemberID)).toEqual(['x', 'y']);
      expect(data.MatchedRounds[0].Net).toEqual([
        { MemberID: 'x', Amount: 950 },
        { MemberID: 'y', Amount: -980 },
      ]);
      expect(data.TotalMoved).toBe(950 + 1020 + 1000);
      expect(data.Shared).toEqual([{ Kind: 'ip', Value: '10.1.2.3', MemberIDs: ['x', 'y'] }]);
      expect(data.Bonus).toEqual([{ MemberID: 'y', BonusPoints: 500, HedgedShare: 1 }]);

      // Another company cannot see it.
      expect((await t.call({ method: 'GET', url: `${ALERTS}/${alertId}`, token: aggregator })).statusCode).toBe(404);
    });

    it('joins further rounds into the pending alert, escalates at a higher level, and after processing waits a window', async () => {
      for (let n = 4; n <= 5; n++) {
        await ingest(
          round('bacc-1', n, [
            ['x', 'banker', 500, 0],
            ['y', 'player', 500, 1000],
          ]),
        );
      }
      await tick(7.1);
      expect((await storedAlerts()).map((a) => [a.level, a.rounds])).toEqual([[1, 5]]);
      await ingest(
        round('bacc-1', 6, [
          ['x', 'banker', 500, 0],
          ['y', 'player', 500, 1000],
        ]),
      );
      await tick(8.1);
      const [alert] = await storedAlerts();
      expect(alert).toMatchObject({ level: 2, rounds: 6 });
      expect(published.filter((m) => m.type === 'alert').map((m) => m.escalated)).toEqual([false, true]);

      const processed = await t.call({
        method: 'PUT',
        url: ALERTS,
        token,
        payload: { AlertIDs: [alert?.alert_id], Memo: 'hedging, blacklisted' },
      });
      expect(processed.statusCode).toBe(200);
      const again = await t.call({
        method: 'PUT',
        url: ALERTS,
        token,
        payload: { AlertIDs: [alert?.alert_id], Memo: '' },
      });
      expect(again.statusCode).toBe(409);
      const missing = await t.call({ method: 'PUT', url: ALERTS, token, payload: { AlertIDs: [999999], Memo: '' } });
      expect(missing.statusCode).toBe(404);

      // The same level within the window: covered by the processed alert.
      await ingest(
        round('bacc-1', 7, [
          ['x', 'banker', 500, 0],
          ['y', 'player', 500, 1000],
        ]),
      );
      await tick(9.1);
      expect(await storedAlerts()).toHaveLength(1);
    });

    it('gives the same alerts after a restart: a rebuilt detector replays and stores nothing twice', async () => {
      const before = await storedAlerts();
      const raises = async () =>
        (await t.db.query(`SELECT count(*)::int AS n FROM laundering_raise WHERE cid = $1`, [cid])).rows[0];
      const raisedBefore = await raises();
      t.app.launderingDetection.forget(cid);
      await ingest(round('bacc-3', 8, [['q', 'odd', 10, 20]]));
      await tick(11);
      expect(await storedAlerts()).toEqual(before);
      expect(await raises()).toEqual(raisedBefore);
    });

    it('finds a ring: one member against several accounts, shown as a group', async () => {
      for (let n = 0; n < 3; n++) {
        await ingest(
          round('dt-1', 20 + n, [
            ['hub', 'dragon', 900, 1800],
            ['acc-1', 'tiger', 500, 0],
            ['acc-2', 'tiger', 420, 0],
          ]),
        );
      }
      await tick(24.1);
      const ring = (await storedAlerts()).find((a) => a.group_kind === 'ring');
      expect(ring).toMatchObject({ member_ids: ['hub', 'acc-1', 'acc-2'], rounds: 3, level: 1 });
      const list = await t.call({ method: 'GET', url: `${ALERTS}?Start=${at(-60)}&MemberIDs=acc-2`, token });
      expect(list.json().data.recordset[0]).toMatchObject({ GroupKind: 'ring', Hub: 'hub' });
    });

    it('searches every counterpart of a member, below any threshold too', async () => {
      const res = await t.call({ method: 'GET', url: `${SEARCH}?MemberIDs=x&Start=${at(-60)}&End=${at(60)}`, token });
      expect(res.statusCode).toBe(200);
      const rows = res.json().data.recordset;
      expect(rows.map((r: { Counterpart: string; Rounds: number }) => [r.Counterpart, r.Rounds])).toEqual([
        ['y', 7],
        ['z', 1],
      ]);
      expect(rows[0]).toMatchObject({ MemberID: 'x', SharedIP: true, SharedDevice: false });
      expect(rows[0].RoundList).toHaveLength(7);
      expect(rows[1]).toMatchObject({ MatchedStake: 1000, NetFlow: 950, Direction: 'in' });
    });
  });
});
