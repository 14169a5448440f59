import type { IngestEventInput } from '@pitboss/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, tokenFor } from '../../testing/users';
import { createIngestKey, postEvents } from '../ingest/ingest.testing';

const SEARCH = '/api/v2/check-tool/gameRTP-search';
const BY_TIME = '/api/v2/check-tool/gameRTP-search/by-time';
const DAY = 86_400_000;

/** A UTC date `days` back from today, YYYY-MM-DD. */
const dayBack = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

interface Bet {
  game: string;
  member: string;
  at: string;
  stake: number;
  payout: number;
}

/** The oracle: the figures of a set of bets computed plainly (ratio estimator, observed variance). */
function figures(bets: Bet[], expected: number, z = 1.959963984540054) {
  const stake = bets.reduce((a, b) => a + b.stake, 0);
  const payout = bets.reduce((a, b) => a + b.payout, 0);
  const r = payout / stake;
  const se = Math.sqrt(bets.reduce((a, b) => a + (b.payout - r * b.stake) ** 2, 0)) / stake;
  return {
    Rounds: bets.length,
    Players: new Set(bets.map((b) => b.member)).size,
    Turnover: stake,
    Payout: payout,
    GGR: stake - payout,
    ObservedRTP: r,
    ExpectedRTP: expected,
    Deviation: (r - expected) * 100,
    StdError: se * 100,
    ZScore: (r - expected) / se,
    BandLow: r - z * se,
    BandHigh: r + z * se,
    Significant: expected < r - z * se || expected > r + z * se,
  };
}

function expectFigures(row: Record<string, unknown>, want: Record<string, number | boolean>) {
  for (const [field, value] of Object.entries(want)) {
    if (typeof value === 'boolean') expect(row[field], field).toBe(value);
    else expect(row[field] as number, field).toBeCloseTo(value, 6);
  }
}

describeEachDatabase('game RTP search', (t) => {
  let cid: number;
  let viewer: string;
  let key: string;
  let other: string;
  let otherKey: string;
  // Asia/Taipei (the default zone): 04:00 UTC is noon of the same date; 17:00 UTC the next date's 01:00.
  const dayA = dayBack(3);
  const dayB = dayBack(2);
  const bets: Bet[] = [
    { game: 's1', member: 'm1', at: `${dayBack(4)}T17:00:00.000Z`, stake: 10, payout: 0 }, // dayA in Taipei
    { game: 's1', member: 'm2', at: `${dayA}T04:00:00.000Z`, stake: 20, payout: 50 },
    { game: 's1', member: 'm1', at: `${dayA}T04:30:00.000Z`, stake: 5, payout: 0 },
    { game: 's1', member: 'm3', at: `${dayB}T04:00:00.000Z`, stake: 10, payout: 9 },
    { game: 's1', member: 'm2', at: `${dayB}T05:10:00.000Z`, stake: 10, payout: 12 },
    { game: 's2', member: 'm1', at: `${dayB}T04:00:00.000Z`, stake: 100, payout: 20 },
    { game: 's2', member: 'm4', at: `${dayB}T04:20:00.000Z`, stake: 50, payout: 0 },
    { game: 'b1', member: 'm4', at: `${dayA}T06:00:00.000Z`, stake: 40, payout: 78 },
    { game: 'b1', member: 'm5', at: `${dayA}T06:00:00.000Z`, stake: 40, payout: 0 },
    // outside the range: the day before dayA in Taipei, and the day after dayB
    { game: 's1', member: 'm9', at: `${dayBack(4)}T04:00:00.000Z`, stake: 1000, payout: 0 },
    { game: 's1', member: 'm9', at: `${dayBack(1)}T04:00:00.000Z`, stake: 1000, payout: 0 },
  ];
  const inRange = bets.filter((b) => b.member !== 'm9');
  const of = (game: string) => inRange.filter((b) => b.game === game);
  const body = (extra: Record<string, unknown> = {}) => ({ Start: dayA, End: dayB, ...extra });
  const post = (url: string, payload: unknown, token: string | null = viewer) =>
    t.call({ method: 'POST', url, payload: payload as object, ...(token ? { token } : {}) });

  beforeAll(async () => {
    cid = await addCompany(t, 'RTP search');
    const admin = await tokenFor(t, 'search-admin', 'admin', cid);
    viewer = await tokenFor(t, 'search-viewer', 'viewer', cid);
    key = await createIngestKey(t, admin);
    const otherCid = await addCompany(t, 'RTP search other');
    other = await tokenFor(t, 'search-other', 'admin', otherCid);
    otherKey = await createIngestKey(t, other);
    const games = (ingestKey: string, payload: unknown) =>
      t.call({
        method: 'POST',
        url: '/api/v2/ingest/games',
        headers: { authorization: `Bearer ${ingestKey}` },
        payload: payload as object,
      });
    await games(key, [
      { gameId: 's1', name: 'Lucky 7', gameType: 'slot', provider: 'Acme', expectedRtp: 0.96 },
      { gameId: 's2', name: 'Gold Rush', gameType: 'slot', provider: 'Acme', expectedRtp: 0.95 },
      { gameId: 'b1', name: 'Baccarat', gameType: 'baccarat', provider: 'Evo', expectedRtp: 0.9876 },
    ]);
    await games(otherKey, [{ gameId: 'x1', name: 'Other crash', gameType: 'crash', expectedRtp: 0.97 }]);
    const events = (list: Bet[], prefix: string): IngestEventInput[] =>
      list.map((b, i) => ({
        type: 'bet',
        id: `${prefix}-${i}`,
        at: b.at,
        memberId: b.member,
        gameId: b.game,
        roundId: `${prefix}-r${i}`,
        stake: b.stake,
        payout: b.payout,
        currency: 'USD',
      }));
    expect((await postEvents(t, key, events(bets, 'q'))).statusCode).toBe(200);
    const otherBets = [{ game: 's1', member: 'o1', at: `${dayA}T04:00:00.000Z`, stake: 77, payout: 1 }];
    expect((await postEvents(t, otherKey, events(otherBets, 'o'))).statusCode).toBe(200);
  });

  describe('per game', () => {
    it("answers each game's figures over the range (days of the company's zone) against the oracle, with totals", async () => {
      const res = await post(SEARCH, body());
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(answer.cnt).toBe(3);
      const rows: Record<string, unknown>[] = answer.data.recordset;
      // default sort: Turnover Desc
      expect(rows.map((r) => r.GameID)).toEqual(['s2', 'b1', 's1']);
      const byId = Object.fromEntries(rows.map((r) => [r.GameID as string, r]));
      expect(byId.s1).toMatchObject({ GameName: 'Lucky 7', GameType: 'slot', Provider: 'Acme', Unconverted: 0 });
      expectFigures(byId.s1 as Record<string, unknown>, figures(of('s1'), 0.96));
      expectFigures(byId.s2 as Record<string, unknown>, figures(of('s2'), 0.95));
      expectFigures(byId.b1 as Record<string, unknown>, figures(of('b1'), 0.9876));
      const totals = answer.data.output.Totals;
      const all = figures(inRange, 0.96);
      expect(totals).toMatchObject({ Rounds: all.Rounds, Players: all.Players, Turnover: all.Turnover });
      expect(totals.Payout).toBeCloseTo(all.Payout, 9);
      expect(totals.ObservedRTP).toBeCloseTo(all.ObservedRTP, 9);
      const weighted = (0.96 * 55 + 0.95 * 150 + 0.9876 * 80) / 285;
      expect(totals.ExpectedRTP).toBeCloseTo(weighted, 9);
      expect(answer.data.output.Confidence).toBe(0.95);
    });

    it('filters by game types and games, sorts on the statistics, pages and widens the band with the confidence', async () => {
      const slots = (await post(SEARCH, body({ GameTypes: ['slot'] }))).json();
      expect(slots.data.recordset.map((r: { GameID: string }) => r.GameID).sort()).toEqual(['s1', 's2']);
      const star = (await post(SEARCH, body({ GameTypes: '*' }))).json();
      expect(star.cnt).toBe(3);
      const one = (await post(SEARCH, body({ GameIDs: ['b1'] }))).json();
      expect(one.data.recordset.map((r: { GameID: string }) => r.GameID)).toEqual(['b1']);
      const byDev = (await post(SEARCH, body({ sort: 'Deviation Asc' }))).json();
      const devs = byDev.data.recordset.map((r: { Deviation: number }) => r.Deviation);
      expect(devs).toEqual([...devs].sort((a: number, b: number) => a - b));
      const page2 = (await post(SEARCH, body({ PageSize: 1, PageNumber: 2 }))).json();
      expect(page2.cnt).toBe(3);
      expect(page2.data.recordset.map((r: { GameID: string }) => r.GameID)).toEqual(['b1']);
      const wide = (await post(SEARCH, body({ GameIDs: ['s1'], Confidence: 0.999 }))).json().data.recordset[0];
      expectFigures(wide, figures(of('s1'), 0.96, 3.2905267314919255));
    });

    it("keeps companies apart: another company sees only its own games' bets", async () => {
      const res = (await post(SEARCH, body(), other)).json();
      expect(res.data.recordset).toHaveLength(1);
      expect(res.data.recordset[0]).toMatchObject({ GameID: 's1', Turnover: 77, Rounds: 1, ExpectedRTP: null });
      expect(res.data.recordset[0].Deviation).toBeNull();
    });
  });

  describe('the drill-down by time', () => {
    it('answers one game day by day in the company zone, and hour by hour', async () => {
      const days = (await post(BY_TIME, body({ GameID: 's1' }))).json();
      expect(days.data.recordset.map((r: { Time: string }) => r.Time)).toEqual([dayA, dayB]);
      const onA = of('s1').filter((b) => b.at.startsWith(dayA) || b.at.startsWith(dayBack(4)));
      expectFigures(days.data.recordset[0], figures(onA, 0.96));
      expectFigures(
        days.data.recordset[1],
        figures(
          of('s1').filter((b) => b.at.startsWith(dayB)),
          0.96,
        ),
      );
      const hours = (await post(BY_TIME, body({ GameID: 's1', Bucket: 'hour' }))).json();
      expect(hours.data.recordset.map((r: { Time: string }) => r.Time)).toEqual([
        `${dayBack(4)}T17:00:00.000Z`,
        `${dayA}T04:00:00.000Z`,
        `${dayB}T04:00:00.000Z`,
        `${dayB}T05:00:00.000Z`,
      ]);
      expect(hours.data.recordset[1]).toMatchObject({ Rounds: 2, Turnover: 25, Payout: 50, Players: 2 });
      expect(hours.data.output.Totals).toMatchObject({ Rounds: 5, Turnover: 55 });
    });
  });

  describe('bad input and roles', () => {
    it.each([
      ['a start that is not a date', SEARCH, { Start: '2026-13-01', End: dayB }, 'Start'],
      ['an end before the start', SEARCH, { Start: dayB, End: dayA }, 'End'],
      ['a range over 366 days', SEARCH, { Start: '2024-01-01', End: dayB }, 'Start'],
      ['an unknown game type', SEARCH, { Start: dayA, End: dayB, GameTypes: ['slot', 'bingo'] }, 'GameTypes'],
      ["another company's game type", SEARCH, { Start: dayA, End: dayB, GameTypes: ['crash'] }, 'GameTypes'],
      ["another company's game", SEARCH, { Start: dayA, End: dayB, GameIDs: ['x1'] }, 'GameIDs'],
      ['a confidence below 50 %', SEARCH, { Start: dayA, End: dayB, Confidence: 0.3 }, 'Confidence'],
      ['an unknown sort field', SEARCH, { Start: dayA, End: dayB, sort: 'Secret Desc' }, 'sort'],
      ['a missing game', BY_TIME, { Start: dayA, End: dayB }, 'GameID'],
      ['an unknown game', BY_TIME, { Start: dayA, End: dayB, GameID: 'x1' }, 'GameID'],
      ['an unknown bucket', BY_TIME, { Start: dayA, End: dayB, GameID: 's1', Bucket: 'week' }, 'Bucket'],
    ])('refuses %s with a 400 naming the field', async (_what, url, payload, field) => {
      const res = await post(url, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    });

    it('lets viewers read, and refuses the anonymous and the mail role', async () => {
      expect((await post(SEARCH, body(), null)).statusCode).toBe(401);
      expect((await post(BY_TIME, body({ GameID: 's1' }), null)).statusCode).toBe(401);
      const mail = await tokenFor(t, 'search-mail', 'viewer', cid);
      await t.db.query(
        `UPDATE company_user SET role = 'mail' WHERE cid = $1 AND aid = (SELECT aid FROM app_user WHERE account = 'search-mail')`,
        [cid],
      );
      expect((await post(SEARCH, body(), mail)).statusCode).toBe(403);
    });
  });
});
