import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../testing/test-app';
import { bet, createIngestKey, postEvents } from '../../ingest/ingest.testing';

describeEachDatabase('rollups: rounds', (t) => {
  let key: string;
  beforeAll(async () => {
    key = await createIngestKey(t);
  });

  async function roundsOf(game: string): Promise<{ counted: number; stored: number }> {
    const { rows } = await t.db.query<{ counted: number; stored: number }>(
      `SELECT (SELECT sum(rounds)::int FROM game_day WHERE cid = 1 AND game_id = $1) AS counted,
              (SELECT count(DISTINCT round_id)::int FROM bet WHERE cid = 1 AND game_id = $1) AS stored`,
      [game],
    );
    return rows[0] as { counted: number; stored: number };
  }

  it('counts a round once when its batch spans more stored bets than are read of its range', async () => {
    const at = '2026-11-22T03:00:00Z';
    for (let part = 0; part < 3; part++) {
      const bets = Array.from({ length: 100 }, (_, i) =>
        bet({ gameId: 'wide', roundId: `g-${String(part * 100 + i).padStart(3, '0')}`, at }),
      );
      await postEvents(t, key, bets);
    }
    // From g-0005 (new, sorting just after g-000) to g-299 (stored): about 300 stored bets lie between.
    const res = await postEvents(t, key, [
      bet({ gameId: 'wide', roundId: 'g-0005', at }),
      bet({ gameId: 'wide', roundId: 'g-299', at }),
      bet({ gameId: 'wide', roundId: 'g-150', at }),
    ]);
    expect(res.json()).toEqual({ accepted: 3, duplicates: 0 });
    expect(await roundsOf('wide')).toEqual({ counted: 301, stored: 301 });
  });

  it('counts a round once when its bets come in several batches, in a narrow range', async () => {
    const at = '2026-11-22T04:00:00Z';
    await postEvents(t, key, [
      bet({ gameId: 'narrow', roundId: 'n-1', at }),
      bet({ gameId: 'narrow', roundId: 'n-2', at }),
    ]);
    await postEvents(t, key, [
      bet({ gameId: 'narrow', roundId: 'n-2', at }),
      bet({ gameId: 'narrow', roundId: 'n-3', at }),
    ]);
    expect(await roundsOf('narrow')).toEqual({ counted: 3, stored: 3 });
  });
});
