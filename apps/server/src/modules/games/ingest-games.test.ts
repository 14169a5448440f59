import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { bet, createIngestKey, postEvents } from '../ingest/ingest.testing';

describeEachDatabase('ingest: games', (t) => {
  let key: string;
  const postGames = (body: unknown, authorization = `Bearer ${key}`) =>
    t.call({ method: 'POST', url: '/api/v2/ingest/games', headers: { authorization }, payload: body as object });
  const game = async (id: string) =>
    (
      await t.db.query(
        `SELECT name, game_type, provider, expected_rtp, source FROM game WHERE cid = 1 AND game_id = $1`,
        [id],
      )
    ).rows[0];

  beforeAll(async () => {
    key = await createIngestKey(t);
  });

  it('creates games and updates them, keeping fields left out', async () => {
    const first = await postGames([
      { gameId: 'g-bac', name: 'Baccarat Squeeze', gameType: 'baccarat', provider: 'Evo', expectedRtp: 0.9876 },
      { gameId: 'g-slot', name: 'Lucky 7' },
    ]);
    expect(first.json()).toEqual({ accepted: 2, created: 2, updated: 0 });
    const second = await postGames([{ gameId: 'g-bac', name: 'Baccarat Squeeze II' }]);
    expect(second.json()).toEqual({ accepted: 1, created: 0, updated: 1 });
    expect(await game('g-bac')).toEqual({
      name: 'Baccarat Squeeze II',
      game_type: 'baccarat',
      provider: 'Evo',
      expected_rtp: 0.9876,
      source: 'master',
    });
  });

  it('creates a game first seen in a bet, and master data completes it later', async () => {
    await postEvents(t, key, [bet({ gameId: 'g-new', gameType: 'slot' })]);
    expect(await game('g-new')).toEqual({
      name: 'g-new',
      game_type: 'slot',
      provider: null,
      expected_rtp: null,
      source: 'bet',
    });
    expect((await postGames([{ gameId: 'g-new', name: 'New Slot', expectedRtp: 0.96 }])).json()).toEqual({
      accepted: 1,
      created: 0,
      updated: 1,
    });
    expect(await game('g-new')).toEqual({
      name: 'New Slot',
      game_type: 'slot',
      provider: null,
      expected_rtp: 0.96,
      source: 'master',
    });
    // A later bet does not undo master data.
    await postEvents(t, key, [bet({ gameId: 'g-new', gameType: 'other' })]);
    expect(await game('g-new')).toMatchObject({ name: 'New Slot', game_type: 'slot' });
  });

  it('refuses a bad batch whole with the index and field, and answers 401 without a key', async () => {
    const res = await postGames([
      { gameId: 'g-ok', name: 'Fine' },
      { gameId: 'g-bad', name: '', expectedRtp: 3 },
      { gameId: 'g-ok', name: 'Twice' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { index: number; field: string }) => [e.index, e.field])).toEqual([
      [1, 'name'],
      [1, 'expectedRtp'],
      [2, 'gameId'],
    ]);
    expect(await game('g-ok')).toBeUndefined();
    expect((await postGames([{ gameId: 'x', name: 'x' }], '')).statusCode).toBe(401);
  });
});
