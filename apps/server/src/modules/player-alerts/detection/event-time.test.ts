import type { IngestEvent } from '@pitboss/contract';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../testing/test-app';
import { countRows, postEvents } from '../../ingest/ingest.testing';
import { alertsOf, anotherApp, companyWithKey, events, ingest } from './detectors.testing';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Issue 21, item 1: no event of any date moves the detectors' clock for other members or stops later alerts. */
describeEachDatabase('event time: far-future and far-past events', (t) => {
  const base = Math.floor((Date.now() - 6 * HOUR) / MINUTE) * MINUTE;
  const e = events(base);
  const streak = (member: string, from: number) =>
    Array.from({ length: 13 }, (_, i) => e.bet(member, from + i, 10, 20));
  const dated = <T extends { at: string }>(event: T, at: string): T => ({ ...event, at });

  describe('the ingest API', () => {
    it('refuses an event dated more than 5 minutes ahead with the batch 400 naming its index; nothing stored', async () => {
      const c = await companyWithKey(t, 'Future Co');
      for (const at of [
        '2029-01-01T00:00:00Z',
        '9999-12-31T23:59:59Z',
        new Date(Date.now() + 6 * MINUTE).toISOString(),
      ]) {
        const batch = [e.bet('m1', 0, 10, 0), dated(e.purchase('m2', 0, 20_000), at)];
        const res = await postEvents(t, c.key, batch);
        expect(res.statusCode, res.body).toBe(400);
        const body = res.json();
        expect(body).toMatchObject({ status: 400, messageCode: 'VALIDATION_FAILED' });
        expect(body.errors).toEqual([
          expect.objectContaining({ index: 1, field: 'at', id: (batch[1] as { id: string }).id }),
        ]);
        expect(body.errors[0].message).toMatch(/in the future are refused/);
      }
      expect(await countRows(t, 'bet', c.cid)).toBe(0);
      expect(await countRows(t, 'purchase', c.cid)).toBe(0);
    });

    it('accepts an event a few minutes ahead (clocks drift)', async () => {
      const c = await companyWithKey(t, 'Drift Co');
      const soon = dated(e.bet('m1', 0, 10, 0), new Date(Date.now() + 4 * MINUTE).toISOString());
      expect(await ingest(t, c.key, [soon])).toEqual({ accepted: 1, duplicates: 0 });
    });

    it('stores an event older than the replay horizon and says it was too old for detection', async () => {
      const c = await companyWithKey(t, 'Old Co');
      const old = dated(e.bet('m1', 0, 10, 0), '1999-01-01T00:00:00Z');
      const res = await postEvents(t, c.key, [old, e.bet('m2', 0, 10, 0)]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        accepted: 2,
        duplicates: 0,
        tooOld: 1,
        message: '1 event is older than 15 days (PITBOSS_ALERT_REPLAY_DAYS): stored, but too old for detection',
      });
      expect(await countRows(t, 'bet', c.cid)).toBe(2);
    });
  });

  describe('the detectors', () => {
    it('a far-past event, then a streak of another member and a top-up: both alert', async () => {
      const c = await companyWithKey(t, 'Past Co');
      // A streak of its own, 20 days back: too old for detection, raises nothing, moves no clock.
      const oldStreak = streak('old', 0).map((b) => dated(b, new Date(Date.parse(b.at) - 20 * DAY).toISOString()));
      await ingest(t, c.key, [dated(e.bet('m0', 0, 10, 20), '1970-01-02T00:00:00Z'), ...oldStreak]);
      await ingest(t, c.key, [...streak('runner', 1), e.purchase('buyer', 20, 20_000)]);
      const alerts = await alertsOf(t, c.cid);
      expect(alerts.map((a) => [a.event_type, a.subject_id])).toEqual([
        [2, 'runner'],
        [5, 'buyer'],
      ]);
    });

    it('events stored far in the future before the limit existed move no clock, live or after a restart', async () => {
      const c = await companyWithKey(t, 'Legacy Co');
      // Straight to the event store, as a version without the limit would have stored them.
      const future: IngestEvent[] = [
        { ...(e.bet('time-traveller', 0, 10, 20) as IngestEvent & { type: 'bet' }), at: '2029-06-01T00:00:00Z' },
        { ...(e.purchase('time-traveller', 0, 100) as IngestEvent & { type: 'purchase' }), at: '9999-12-31T00:00:00Z' },
      ];
      await t.app.eventStore.store(c.cid, future);
      expect(await countRows(t, 'bet', c.cid)).toBe(1);
      await ingest(t, c.key, [...streak('runner', 1), e.purchase('buyer', 20, 20_000)]);
      expect((await alertsOf(t, c.cid)).map((a) => [a.event_type, a.subject_id])).toEqual([
        [2, 'runner'],
        [5, 'buyer'],
      ]);

      // And as such a version would have left the detectors' newest time.
      await t.db.query(`UPDATE player_alert_detector SET newest_at = '9999-12-31T00:00:00Z' WHERE cid = $1`, [c.cid]);
      const restarted = await anotherApp(t);
      try {
        await restarted.app.eventStore.store(c.cid, [
          { ...(e.bet('time-traveller', 1, 10, 20) as IngestEvent & { type: 'bet' }), at: '2030-01-01T00:00:00Z' },
        ]);
        await ingest(restarted, c.key, [...streak('sprinter', 30), e.purchase('spender', 50, 20_000)]);
        expect((await alertsOf(t, c.cid)).map((a) => [a.event_type, a.subject_id])).toEqual([
          [2, 'runner'],
          [5, 'buyer'],
          [2, 'sprinter'],
          [5, 'spender'],
        ]);
      } finally {
        await restarted.close();
      }
    });
  });
});
