import type { IngestEventInput, ServerMessage } from '@pitboss/contract';
import { DEFAULT_GAME_RTP_RULES } from '@pitboss/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, tokenFor } from '../../testing/users';
import { createIngestKey, postEvents } from '../ingest/ingest.testing';

const RULES = '/api/v2/monitor/game-rtp-settings';
const ALERTS = '/api/v2/monitor/game-rtp-alerts';
const MINUTE = 60_000;

async function until(condition: () => boolean, timeoutMs = 5_000, what = ''): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const ruleBody = {
  EventName: 'Slots drift',
  Scope: 'type',
  GameType: 'slot',
  GameID: null,
  ExpectedRTP: null,
  TimeUnit: 'hour',
  LoopValue: 6,
  MinRounds: 500,
  Levels: [
    { Level: 1, Above: 2, Below: 2, Confidence: 0.99 },
    { Level: 2, Above: 4, Below: null, Confidence: 0.999 },
  ],
  Enabled: true,
};

describeEachDatabase('game RTP', (t) => {
  let cid: number;
  let admin: string;
  let editor: string;
  let viewer: string;
  let key: string;
  let otherCid: number;
  let other: string;
  let otherKey: string;

  const postGames = (ingestKey: string, body: unknown) =>
    t.call({
      method: 'POST',
      url: '/api/v2/ingest/games',
      headers: { authorization: `Bearer ${ingestKey}` },
      payload: body as object,
    });
  const ingest = async (ingestKey: string, events: IngestEventInput[]) => {
    const res = await postEvents(t, ingestKey, events);
    expect(res.statusCode, res.body).toBe(200);
  };
  const snapshot = async () =>
    (await t.db.query(`SELECT * FROM game_rtp_rule WHERE cid IN ($1, $2) ORDER BY cid, event_id`, [cid, otherCid]))
      .rows;

  beforeAll(async () => {
    cid = await addCompany(t, 'Game RTP');
    admin = await tokenFor(t, 'rtp-admin', 'admin', cid);
    editor = await tokenFor(t, 'rtp-editor', 'editor', cid);
    viewer = await tokenFor(t, 'rtp-viewer', 'viewer', cid);
    key = await createIngestKey(t, admin);
    otherCid = await addCompany(t, 'Game RTP other');
    other = await tokenFor(t, 'rtp-other', 'admin', otherCid);
    otherKey = await createIngestKey(t, other);
    await postGames(key, [
      { gameId: 's1', name: 'Lucky 7', gameType: 'slot', provider: 'Acme', expectedRtp: 0.96 },
      { gameId: 's2', name: 'Gold Rush', gameType: 'slot', provider: 'Acme', expectedRtp: 0.95 },
      { gameId: 'b1', name: 'Baccarat', gameType: 'baccarat', provider: 'Evo', expectedRtp: 0.9876 },
    ]);
    await postGames(otherKey, [{ gameId: 'x1', name: 'Other slot', gameType: 'crash', expectedRtp: 0.97 }]);
  });

  describe('the game catalogue', () => {
    it('answers the game types with their game counts', async () => {
      const res = await t.call({ method: 'GET', url: '/api/v2/check-tool/MonitorGameType', token: viewer });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.recordset).toEqual([
        { GameType: 'baccarat', Games: 1 },
        { GameType: 'slot', Games: 2 },
      ]);
    });

    it("answers the games of the given types (`*` = all) with today's figures, the company's only", async () => {
      const now = new Date(Date.now() - MINUTE).toISOString();
      await ingest(key, [
        {
          type: 'bet',
          id: 'cat-1',
          at: now,
          memberId: 'm1',
          gameId: 's1',
          roundId: 'r1',
          stake: 10,
          payout: 0,
          currency: 'USD',
        },
        {
          type: 'bet',
          id: 'cat-2',
          at: now,
          memberId: 'm2',
          gameId: 's1',
          roundId: 'r2',
          stake: 10,
          payout: 15,
          currency: 'USD',
        },
      ]);
      const slots = await t.call({
        method: 'GET',
        url: '/api/v2/check-tool/MonitorGame?GameTypes=slot',
        token: viewer,
      });
      expect(slots.statusCode).toBe(200);
      const rows = slots.json().data.recordset;
      expect(rows.map((r: { GameID: string }) => r.GameID)).toEqual(['s1', 's2']);
      expect(rows[0]).toMatchObject({
        GameName: 'Lucky 7',
        GameType: 'slot',
        Provider: 'Acme',
        ExpectedRTP: 0.96,
        Rounds: 2,
        Turnover: 20,
        Payout: 15,
        ObservedRTP: 0.75,
      });
      expect(rows[1]).toMatchObject({ Rounds: 0, ObservedRTP: null });
      for (const query of ['GameTypes=*', '']) {
        const all = await t.call({ method: 'GET', url: `/api/v2/check-tool/MonitorGame?${query}`, token: viewer });
        expect(all.json().data.recordset.map((r: { GameID: string }) => r.GameID)).toEqual(['b1', 's1', 's2']);
      }
      const mixed = await t.call({
        method: 'GET',
        url: '/api/v2/check-tool/MonitorGame?GameTypes=baccarat,slot',
        token: viewer,
      });
      expect(mixed.json().data.recordset).toHaveLength(3);
    });

    it('refuses an unknown game type (another company’s included) with a 400 naming GameTypes', async () => {
      for (const types of ['roulette', 'slot,crash']) {
        const res = await t.call({
          method: 'GET',
          url: `/api/v2/check-tool/MonitorGame?GameTypes=${types}`,
          token: viewer,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0].field).toBe('GameTypes');
      }
    });

    it('needs a login', async () => {
      expect((await t.call({ method: 'GET', url: '/api/v2/check-tool/MonitorGameType' })).statusCode).toBe(401);
    });
  });

  describe('rules', () => {
    it('gives a new company the default rule, listed for notification settings as event type 8', async () => {
      const res = await t.call({ method: 'GET', url: RULES, token: viewer });
      expect(res.statusCode).toBe(200);
      const [rule, ...rest] = res.json().data.recordset;
      expect(rest).toEqual([]);
      expect(rule).toMatchObject({
        ...DEFAULT_GAME_RTP_RULES[0],
        EventType: 8,
        TypeName: 'Game RTP',
        UpdatedBy: 'system',
      });
      const events = await t.app.alerting.listEvents(cid);
      expect(events.find((e) => e.Kind === 'game')).toMatchObject({ EventID: rule.EventID, EventType: 8 });
      expect(rule.EventID).toBeGreaterThan(7);
    });

    it('lets editors add, replace and delete rules, raising the rules version each time', async () => {
      const version = async () =>
        (await t.db.query<{ v: number }>(`SELECT rules_version AS v FROM game_rtp_detector WHERE cid = $1`, [cid]))
          .rows[0]?.v ?? 0;
      const before = await version();
      const created = await t.call({ method: 'POST', url: RULES, token: editor, payload: ruleBody });
      expect(created.statusCode, created.body).toBe(200);
      const rule = created.json().data;
      expect(rule).toMatchObject({ ...ruleBody, EventType: 8, UpdatedBy: 'rtp-editor' });
      expect(await version()).toBe(before + 1);

      const replaced = await t.call({
        method: 'PUT',
        url: `${RULES}/${rule.EventID}`,
        token: admin,
        payload: { ...ruleBody, Scope: 'game', GameID: 's1', ExpectedRTP: 0.97, Enabled: false },
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json().data).toMatchObject({
        Scope: 'game',
        GameID: 's1',
        GameType: null,
        ExpectedRTP: 0.97,
        Enabled: false,
      });

      const deleted = await t.call({ method: 'DELETE', url: `${RULES}/${rule.EventID}`, token: editor });
      expect(deleted.json()).toMatchObject({ status: 0 });
      expect(await version()).toBe(before + 3);
      expect((await t.call({ method: 'DELETE', url: `${RULES}/${rule.EventID}`, token: editor })).statusCode).toBe(404);
      const list = await t.call({ method: 'GET', url: RULES, token: viewer });
      expect(list.json().data.recordset.map((r: { EventID: number }) => r.EventID)).not.toContain(rule.EventID);
    });

    it('lets viewers read but not change rules, and keeps companies apart', async () => {
      const before = await snapshot();
      const [first] = (await t.call({ method: 'GET', url: RULES, token: viewer })).json().data.recordset;
      expect((await t.call({ method: 'POST', url: RULES, token: viewer, payload: ruleBody })).statusCode).toBe(403);
      expect(
        (await t.call({ method: 'PUT', url: `${RULES}/${first.EventID}`, token: viewer, payload: ruleBody }))
          .statusCode,
      ).toBe(403);
      expect((await t.call({ method: 'DELETE', url: `${RULES}/${first.EventID}`, token: viewer })).statusCode).toBe(
        403,
      );
      // Another company's admin cannot touch this company's rule: it is not theirs (404).
      const otherRules = (await t.call({ method: 'GET', url: RULES, token: other })).json().data.recordset;
      const missing = Math.max(first.EventID, otherRules[0].EventID) + 100;
      expect(
        (
          await t.call({
            method: 'PUT',
            url: `${RULES}/${missing}`,
            token: other,
            payload: { ...ruleBody, Scope: 'all' },
          })
        ).statusCode,
      ).toBe(404);
      expect(await snapshot()).toEqual(before);
    });

    const level = { Level: 1, Above: 2, Below: 2, Confidence: 0.99 };
    it.each([
      ['an expected RTP of 0', { ...ruleBody, ExpectedRTP: 0 }, 'ExpectedRTP'],
      ['an expected RTP over 2', { ...ruleBody, ExpectedRTP: 2.01 }, 'ExpectedRTP'],
      ['a negative band', { ...ruleBody, Levels: [{ ...level, Above: -1 }] }, 'Levels[0].Above'],
      ['a zero band', { ...ruleBody, Levels: [{ ...level, Below: 0 }] }, 'Levels[0].Below'],
      ['an empty band', { ...ruleBody, Levels: [{ ...level, Above: null, Below: null }] }, 'Levels[0].Above'],
      ['minimum rounds below 1', { ...ruleBody, MinRounds: 0 }, 'MinRounds'],
      ['a LoopValue of 0', { ...ruleBody, LoopValue: 0 }, 'LoopValue'],
      ['a LoopValue over 1,000', { ...ruleBody, LoopValue: 1001 }, 'LoopValue'],
      ['an unknown level', { ...ruleBody, Levels: [{ ...level, Level: 4 }] }, 'Levels[0].Level'],
      ['a confidence over 99.99 %', { ...ruleBody, Levels: [{ ...level, Confidence: 1 }] }, 'Levels[0].Confidence'],
      ['an unknown scope', { ...ruleBody, Scope: 'provider' }, 'Scope'],
      ['a type rule without its type', { ...ruleBody, GameType: null }, 'GameType'],
      ['a game rule without its game', { ...ruleBody, Scope: 'game', GameID: null }, 'GameID'],
      ['an unknown game', { ...ruleBody, Scope: 'game', GameID: 'nope' }, 'GameID'],
      ["another company's game", { ...ruleBody, Scope: 'game', GameID: 'x1' }, 'GameID'],
      ['an unknown game type', { ...ruleBody, GameType: 'roulette' }, 'GameType'],
      ["another company's game type", { ...ruleBody, GameType: 'crash' }, 'GameType'],
    ])('refuses %s with a 400 naming the field, changing nothing', async (_what, payload, field) => {
      const before = await snapshot();
      const [first] = (await t.call({ method: 'GET', url: RULES, token: viewer })).json().data.recordset;
      for (const [method, url] of [
        ['POST', RULES],
        ['PUT', `${RULES}/${first.EventID}`],
      ] as const) {
        const res = await t.call({ method, url, token: editor, payload });
        expect(res.statusCode, `${method} ${res.body}`).toBe(400);
        expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('detection and alerts', () => {
    let detCid: number;
    let detAdmin: string;
    let detViewer: string;
    let detKey: string;
    const start = Date.now() - 3 * 3_600_000;
    let n = 0;
    /** Bets on game d1 one second apart: `payouts` in multiples of the stake 10. */
    const bets = (multiples: number[]): IngestEventInput[] =>
      multiples.map((m) => {
        n++;
        return {
          type: 'bet',
          id: `d-${String(n).padStart(6, '0')}`,
          at: new Date(start + n * 1000).toISOString(),
          memberId: `m${n % 7}`,
          gameId: 'd1',
          roundId: `r${n}`,
          stake: 10,
          payout: 10 * m,
          currency: 'USD',
        };
      });
    const stored = async () =>
      (
        await t.db.query<{ alert_id: number; level: number; status: number; level_history: unknown[] }>(
          `SELECT alert_id, level, status, level_history FROM game_rtp_alert WHERE cid = $1 ORDER BY alert_id`,
          [detCid],
        )
      ).rows;

    beforeAll(async () => {
      detCid = await addCompany(t, 'Game RTP detection');
      detAdmin = await tokenFor(t, 'det-admin', 'admin', detCid);
      detViewer = await tokenFor(t, 'det-viewer', 'viewer', detCid);
      detKey = await createIngestKey(t, detAdmin);
      await postGames(detKey, [
        { gameId: 'd1', name: 'Drifting slot', gameType: 'slot', provider: 'Acme', expectedRtp: 0.9 },
      ]);
      // Only this rule: the default one is switched off by deleting it.
      const [def] = (await t.call({ method: 'GET', url: RULES, token: detAdmin })).json().data.recordset;
      await t.call({ method: 'DELETE', url: `${RULES}/${def.EventID}`, token: detAdmin });
      const res = await t.call({
        method: 'POST',
        url: RULES,
        token: detAdmin,
        payload: {
          ...ruleBody,
          Scope: 'game',
          GameID: 'd1',
          GameType: null,
          MinRounds: 40,
          Levels: [
            { Level: 1, Above: 10, Below: null, Confidence: 0.9 },
            { Level: 2, Above: 70, Below: null, Confidence: 0.9 },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('raises nothing below the minimum rounds, then a level 1 alert at ingest, queued for notification', async () => {
      await ingest(detKey, bets(Array.from({ length: 30 }, (_, i) => (i % 2 ? 3 : 0))));
      expect(await stored()).toEqual([]);
      await ingest(detKey, bets(Array.from({ length: 30 }, (_, i) => (i % 2 ? 3 : 0))));
      const alerts = await stored();
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ level: 1, status: 0 });
      const { rows } = await t.db.query<{
        payload: { kind: string; eventType: number; level: number; subject: unknown };
      }>(`SELECT payload FROM outbox WHERE cid = $1 AND channel = 'alert'`, [detCid]);
      expect(rows.map((r) => r.payload)).toMatchObject([
        { kind: 'game', eventType: 8, level: 1, previousLevel: null, subject: { kind: 'game', id: 'd1' } },
      ]);
    });

    it('escalates the pending alert in place when the level rises, keeping the level history, pushed live', async () => {
      const messages: ServerMessage[] = [];
      const socket = await t.app.injectWS(
        `/api/ws?token=${detViewer}`,
        {},
        {
          onInit: (s) => s.on('message', (data) => messages.push(JSON.parse(String(data)))),
        },
      );
      await until(() => messages.length > 0, 5_000, 'hello');
      // The socket joins the company's consoles once its token is checked, just after the hello.
      await new Promise((r) => setTimeout(r, 200));
      await ingest(detKey, bets(Array.from({ length: 40 }, () => 4)));
      await until(() => messages.some((m) => m.type === 'alert'), 5_000, JSON.stringify(messages));
      const pushed = messages.find((m) => m.type === 'alert');
      expect(pushed).toMatchObject({
        type: 'alert',
        cid: detCid,
        kind: 'game',
        escalated: true,
        alert: { Level: 2, GameID: 'd1' },
      });
      await until(() => messages.some((m) => m.type === 'invalidate'));
      expect(messages).toContainEqual({ type: 'invalidate', keys: ['game-rtp-alerts'], cid: detCid });
      socket.terminate();
      const alerts = await stored();
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ level: 2 });
      expect(alerts[0]?.level_history.map((s) => (s as { Level: number }).Level)).toEqual([1, 2]);
      const { rows } = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox WHERE cid = $1 AND channel = 'alert'`,
        [detCid],
      );
      expect(rows[0]?.n).toBe(2);
    });

    it('after a restart (the detector rebuilt by replay) raises nothing again for the same incident', async () => {
      const before = t.app.gameRtpDetection.rebuilds;
      t.app.gameRtpDetection.forget(detCid);
      await ingest(detKey, bets([4, 4, 4]));
      expect(t.app.gameRtpDetection.rebuilds).toBe(before + 1);
      expect(await stored()).toHaveLength(1);
    });

    it('lists the alert with filters, paging and the total, and shows its evidence', async () => {
      const list = await t.call({ method: 'GET', url: `${ALERTS}?GameTypes=slot&Levels=2&Status=0`, token: detViewer });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().cnt).toBe(1);
      const [row] = list.json().data.recordset;
      expect(row).toMatchObject({
        GameID: 'd1',
        GameName: 'Drifting slot',
        GameType: 'slot',
        Level: 2,
        Direction: 'above',
        ExpectedRTP: 0.9,
        Band: 70,
        Status: 0,
      });
      // Level 2 holds by the window test (deviation ≥ 70 points, z ≥ 1.28) or by the CUSUM (≥ ln(40 ÷ 0.1)).
      if (row.Test === 'window') expect(row.Deviation).toBeGreaterThanOrEqual(70);
      else expect(row.Cusum).toBeGreaterThanOrEqual(Math.log(40 / 0.1));
      expect(row.Deviation).toBeGreaterThan(10);
      expect(row.Rounds).toBeGreaterThanOrEqual(40);
      for (const query of ['GameIDs=other', 'Levels=1', 'Status=1', 'GameTypes=baccarat']) {
        const none = await t.call({ method: 'GET', url: `${ALERTS}?${query}`, token: detViewer });
        expect(none.json().cnt, query).toBe(0);
      }
      const detail = await t.call({ method: 'GET', url: `${ALERTS}/${row.AlertID}`, token: detViewer });
      expect(detail.statusCode, detail.body).toBe(200);
      const data = detail.json().data;
      expect(data).toMatchObject({ Provider: 'Acme', BandHigh: 0.9 + 0.7, BandLow: 0.9 });
      expect(data.Series.length).toBeGreaterThan(0);
      expect(data.Series.at(-1).Rounds).toBeGreaterThan(0);
      expect(data.TopWins.length).toBeGreaterThan(0);
      expect(data.TopWins[0]).toMatchObject({ Stake: 10, Payout: 40 });
      // The wins were stored with the alert at ingest (evidence), and the detail answers those.
      const { rows: kept } = await t.db.query<{ top_wins: { ID: string; Payout: number }[] | null }>(
        'SELECT top_wins FROM game_rtp_alert WHERE cid = $1 AND alert_id = $2',
        [detCid, row.AlertID],
      );
      expect(kept[0]?.top_wins?.map((w) => w.ID)).toEqual(data.TopWins.map((w: { ID: string }) => w.ID));
      expect(kept[0]?.top_wins?.length).toBeLessThanOrEqual(10);
      expect(data.LevelHistory).toHaveLength(2);
      // Another company cannot see it.
      expect((await t.call({ method: 'GET', url: `${ALERTS}/${row.AlertID}`, token: other })).statusCode).toBe(404);
    });

    it('refuses bad list queries with a 400 naming the field', async () => {
      for (const [query, field] of [
        ['Levels=4', 'Levels'],
        ['Status=2', 'Status'],
        ['Start=yesterday', 'Start'],
        ['pageSize=0', 'pageSize'],
        ['sort=Value%20Desc', 'sort'],
      ]) {
        const res = await t.call({ method: 'GET', url: `${ALERTS}?${query}`, token: detViewer });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      }
    });

    it('lets editors process alerts with a memo once; viewers cannot; another company gets 404', async () => {
      const [alert] = await stored();
      const id = alert?.alert_id as number;
      const body = { AlertIDs: [id], Memo: 'checked the RNG certificate' };
      expect((await t.call({ method: 'PUT', url: ALERTS, token: detViewer, payload: body })).statusCode).toBe(403);
      expect((await t.call({ method: 'PUT', url: ALERTS, token: other, payload: body })).statusCode).toBe(404);
      const done = await t.call({ method: 'PUT', url: ALERTS, token: detAdmin, payload: body });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ status: 0, Processed: [id] });
      const again = await t.call({ method: 'PUT', url: ALERTS, token: detAdmin, payload: body });
      expect(again.statusCode).toBe(409);
      expect(again.json().messageCode).toBe('ALERT_ALREADY_PROCESSED');
      const detail = (await t.call({ method: 'GET', url: `${ALERTS}/${id}`, token: detViewer })).json().data;
      expect(detail).toMatchObject({ Status: 1, ProcessedBy: 'det-admin', Memo: 'checked the RNG certificate' });
      expect(detail.ProcessedAt).not.toBeNull();
    });
  });
});
