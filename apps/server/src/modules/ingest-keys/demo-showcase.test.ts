import { SHOWCASE_ALERT_TYPE, SHOWCASE_KINDS, showcasePlant } from '@pitboss/simulator/demo';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, tokenFor } from '../../testing/users';
import { createIngestKey, postEvents } from '../ingest/ingest.testing';

// The live demo's showcase (issue 22, item 8): each plant, posted through the ingest API as the demo feed
// posts it, raises exactly one alert of its own type under a new company's default rules, at the level
// it is sized for; the win streak and the opposing bets climb a level per step, as one alert.
const EXPECTED_LEVEL: Record<(typeof SHOWCASE_KINDS)[number], number> = {
  'win-streak': 3,
  'shared-ip': 1,
  'heavy-top-up': 1,
  'opposing-bets': 2,
  'high-ratio': 2,
  'registration-farm': 1,
  'transfer-mule': 1,
  'rtp-drift': 3,
  'bonus-abuse': 1,
};

describeEachDatabase('demo showcase', (t) => {
  let cid = 0;
  let key = '';
  const alerts = async () => {
    const { rows } = await t.db.query<{ key: string; type: number; level: number }>(
      `SELECT 'p' || alert_id AS key, event_type AS type, level FROM player_alert WHERE cid = $1
       UNION ALL SELECT 'g' || alert_id, 8, level FROM game_rtp_alert WHERE cid = $1
       UNION ALL SELECT 'l' || alert_id, 9, level FROM laundering_alert WHERE cid = $1`,
      [cid],
    );
    return rows;
  };

  beforeAll(async () => {
    cid = await addCompany(t, 'Showcase platform');
    key = await createIngestKey(t, await tokenFor(t, 'showcase-admin', 'admin', cid));
  });

  it.each(SHOWCASE_KINDS.map((kind, n) => [kind, n] as const))(
    '%s raises one alert of its type at its level',
    async (kind, n) => {
      const before = await alerts();
      const plant = showcasePlant(kind, { run: 'test', n, currency: 'USD' });
      if (plant.games.length > 0) {
        const res = await t.call({
          method: 'POST',
          url: '/api/v2/ingest/games',
          headers: { authorization: `Bearer ${key}` },
          payload: plant.games,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      // Steps in order, each its own request as the feed sends them (the pauses between them left out).
      let now = Date.now() - 120_000;
      for (const step of plant.steps) {
        now += Math.min(step.afterMs, 10_000);
        const events = step.events(now);
        for (let i = 0; i < events.length; i += 5_000) {
          const res = await postEvents(t, key, events.slice(i, i + 5_000));
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json()).toMatchObject({ accepted: Math.min(5_000, events.length - i) });
        }
      }
      const known = new Set(before.map((a) => a.key));
      const raised = (await alerts()).filter((a) => !known.has(a.key));
      expect(raised.map((a) => a.type)).toEqual([SHOWCASE_ALERT_TYPE[kind]]);
      expect(raised[0]?.level).toBe(EXPECTED_LEVEL[kind]);
    },
    120_000,
  );
});
