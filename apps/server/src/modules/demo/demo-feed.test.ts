import { createSimulation } from '@pitboss/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { readDemoKey, readDemoState } from './demo.repository';
import { DemoFeed, type DemoFeedOptions } from './demo-feed';

/** A small world: six hours of history at one event every two seconds (about 10,800 events). */
const SMALL: DemoFeedOptions = { backfillDays: 0.25, eventsPerSecond: 0.5, members: 40, games: 6 };

describeEachDatabase('demo feed', (t) => {
  let url = '';
  const feeds: DemoFeed[] = [];
  const count = async (where = 'true') =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stored_event WHERE cid = 1 AND ${where}`)).rows[0]
      ?.n ?? 0;
  const feed = () => new DemoFeed(t.db, t.app.ctx.ingestKeys, t.app.log, SMALL);

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await Promise.all(feeds.map((f) => f.stop()));
    await t.app.close();
  });

  it('creates a demo key for company 1, backfills the history once, then feeds live traffic', async () => {
    const first = feed();
    feeds.push(first);
    first.start(url);
    const backfilled = async () => {
      const state = await readDemoState(t.db);
      return state !== undefined && state.backfilledUntil === state.backfillTo;
    };
    await expect.poll(backfilled, { timeout: 90_000, interval: 500 }).toBe(true);
    const state = await readDemoState(t.db);
    if (!state) throw new Error('no demo state');
    // Every event the simulator makes for the backfilled period is stored, once (how many depends on the
    // time of day: the simulated platform is quieter at night).
    const simulation = createSimulation({
      seed: state.seed,
      start: new Date(state.start),
      members: SMALL.members,
      games: SMALL.games,
      eventsPerSecond: SMALL.eventsPerSecond,
    });
    let simulated = 0;
    for (const batch of simulation.batches(new Date(state.start), new Date(state.backfillTo), 1_000)) {
      simulated += batch.length;
    }
    expect(simulated).toBeGreaterThan(1_000);
    expect(await count(`at < '${state.backfillTo}'`)).toBe(simulated);
    // The history covers the last six hours up to the first start.
    expect(await count(`at < '${state.start}'`)).toBe(0);
    expect(await count(`at < now() - interval '5 hours'`)).toBeGreaterThan(0);
    // Then events happen now.
    await expect
      .poll(() => count(`at > now() - interval '1 minute'`), { timeout: 30_000, interval: 500 })
      .toBeGreaterThan(0);
    await first.stop();

    const key = await readDemoKey(t.db);
    const { rows: keys } = await t.db.query<{ name: string; prefix: string }>(
      'SELECT name, prefix FROM ingest_key WHERE cid = 1',
    );
    expect(keys).toEqual([{ name: 'Demo feed', prefix: key?.slice(0, 12) }]);
    const { rows: games } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM game WHERE cid = 1 AND source = 'master'`,
    );
    expect(games[0]?.n).toBe(6);

    // A restart keeps the key and the history, and goes live at once.
    const before = await count();
    const second = feed();
    feeds.push(second);
    second.start(url);
    await expect.poll(() => count(), { timeout: 30_000, interval: 500 }).toBeGreaterThan(before);
    await second.stop();
    expect(await count()).toBeLessThan(before + 200);
    expect(await readDemoKey(t.db)).toBe(key);
    expect((await t.db.query('SELECT 1 FROM ingest_key')).rows).toHaveLength(1);
  }, 150_000);

  it('stops when the demo key was revoked', async () => {
    const admin = await t.login();
    const { rows } = await t.db.query<{ key_id: number }>(`SELECT key_id FROM ingest_key WHERE name = 'Demo feed'`);
    const revoke = await t.call({
      method: 'DELETE',
      url: `/api/v2/system/ingest-keys/${rows[0]?.key_id}`,
      token: admin,
    });
    expect(revoke.statusCode).toBe(200);
    const before = await count();
    const third = feed();
    feeds.push(third);
    third.start(url);
    await new Promise((r) => setTimeout(r, 3_000));
    await third.stop();
    expect(await count()).toBe(before);
    // The revoked key is not replaced behind the administrator's back.
    expect((await t.db.query('SELECT 1 FROM ingest_key WHERE revoked_at IS NULL')).rows).toHaveLength(0);
  });
});
