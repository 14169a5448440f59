import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../testing/test-app';
import { postEvents } from '../../ingest/ingest.testing';
import { alertKeys, alertsOf, anotherApp, companyWithKey, events, ingest, raisesOf } from './detectors.testing';

const outboxCount = async (t: Parameters<typeof alertsOf>[0], cid: number) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE cid = $1 AND channel = 'alert'`, [cid]))
    .rows[0]?.n;

// Events up to 35 minutes ahead (after the rules took effect): the future limit is raised for them.
describeEachDatabase(
  'player alert detectors: rollback, restart and several processes',
  (t) => {
    // After the rules took effect, so that a replay may raise (and must find them stored).
    const e = events(Date.now() + 60_000);

    it('leaves no alert after a batch that rolls back, and rebuilds the engine before the next one', async () => {
      const c = await companyWithKey(t, 'Rollback Co');
      let failNext = false;
      t.app.eventStore.use({
        name: 'fails-on-demand',
        async process() {
          if (failNext) {
            failNext = false;
            throw new Error('disk full');
          }
        },
      });
      await ingest(t, c.key, [e.purchase('r', 0, 9_000)]);
      failNext = true;
      const failed = e.purchase('r', 1, 5_000);
      expect((await postEvents(t, c.key, [failed])).statusCode).toBe(500);
      expect(await alertsOf(t, c.cid)).toEqual([]);
      expect(await outboxCount(t, c.cid)).toBe(0);
      // Had the engine kept the failed batch, 9,000 + 5,000 + 500 would raise.
      await ingest(t, c.key, [e.purchase('r', 2, 500)]);
      expect(await alertsOf(t, c.cid)).toEqual([]);
      expect(t.app.playerDetection.replays.get(c.cid)).toMatchObject({ events: 1, stored: 0 });
      // Sent again, the batch counts once, where it belongs (before the 500).
      await ingest(t, c.key, [failed]);
      expect((await alertsOf(t, c.cid)).map((a) => [a.level, a.value, a.window_end])).toEqual([[1, 14_000, e.at(1)]]);
      expect(await outboxCount(t, c.cid)).toBe(1);
    });

    it('rebuilds by replay after a restart, continuing the windows and storing nothing twice', async () => {
      const c = await companyWithKey(t, 'Restart Co');
      await ingest(t, c.key, [e.purchase('s', 0, 6_000), e.login('a', 0, '192.0.2.1'), e.login('b', 1, '192.0.2.1')]);
      await ingest(t, c.key, [e.purchase('s', 1, 5_000), e.login('c', 2, '192.0.2.1')]);
      expect((await alertsOf(t, c.cid)).map((a) => [a.event_type, a.level])).toEqual([[5, 1]]);

      const restarted = await anotherApp(t);
      try {
        await ingest(restarted, c.key, [
          e.purchase('s', 2, 40_000),
          e.login('d', 3, '192.0.2.1'),
          e.login('e', 4, '192.0.2.1'),
        ]);
        expect(restarted.app.playerDetection.replays.get(c.cid)).toMatchObject({
          events: 5,
          stored: 0,
          storedBefore: 1,
        });
        // The top-up alert escalated from level 1 (stored before the restart) to 2; the replay stored nothing twice.
        expect((await alertsOf(t, c.cid)).map((a) => [a.event_type, a.level, a.value])).toEqual([
          [5, 2, 51_000],
          [3, 1, 5],
        ]);
        expect(await raisesOf(t, c.cid)).toHaveLength(3);
        // Notified once per level reached: top-up level 1, then 2, and the IP alert.
        expect(await outboxCount(t, c.cid)).toBe(3);
      } finally {
        await restarted.close();
      }
    });

    it('gives the same alerts when two processes take turns with a company’s batches as when one takes them all', async () => {
      const one = await companyWithKey(t, 'Single Process Co');
      const two = await companyWithKey(t, 'Two Processes Co');
      const batches = [
        [e.purchase('m1', 0, 4_000), e.bet('m2', 0, 10, 20), e.login('x1', 0, '192.0.2.9')],
        [e.purchase('m1', 5, 4_000), ...Array.from({ length: 6 }, (_, i) => e.bet('m2', 1 + i, 10, 20))],
        [e.login('x2', 6, '192.0.2.9'), e.login('x3', 7, '192.0.2.9'), e.purchase('m1', 8, 3_000)],
        [...Array.from({ length: 6 }, (_, i) => e.bet('m2', 10 + i, 10, 20)), e.login('x4', 9, '192.0.2.9')],
        [e.login('x5', 12, '192.0.2.9'), e.purchase('m1', 20, 45_000), e.bonus('m3', 20, 4_000)],
        [e.bonus('m3', 21, 1_500), ...Array.from({ length: 5 }, (_, i) => e.bet('m2', 30 + i, 10, 20))],
      ];
      for (const batch of batches) await ingest(t, one.key, batch);
      const second = await anotherApp(t);
      try {
        for (const [i, batch] of batches.entries()) await ingest(i % 2 === 0 ? t : second, two.key, batch);
        expect(second.app.playerDetection.replays.get(two.cid)).toBeDefined();
      } finally {
        await second.close();
      }
      const single = await alertsOf(t, one.cid);
      // One alert per incident: the top-up and streak alerts escalated from level 1 to 2.
      expect(single.map((a) => [a.event_type, a.level]).sort()).toEqual([
        [2, 2],
        [3, 1],
        [5, 2],
        [7, 1],
      ]);
      expect(await raisesOf(t, one.cid)).toHaveLength(6);
      expect(alertKeys(await alertsOf(t, two.cid))).toEqual(alertKeys(single));
      expect(await raisesOf(t, two.cid)).toEqual(await raisesOf(t, one.cid));
      expect(await outboxCount(t, two.cid)).toBe(6);
      expect(await outboxCount(t, one.cid)).toBe(6);
    });
  },
  { PITBOSS_INGEST_MAX_FUTURE_SECONDS: '7200' },
);
