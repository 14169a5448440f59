import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSimulation } from '@pitboss/simulator';
import { DemoFeed, type DemoFeedOptions, type DemoLog, readDemoState } from '@pitboss/simulator/demo';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { ensureDemoKey } from './demo-key';
import { hashKey } from './key-material';

/** A small world: six hours of history at one event every two seconds (about 10,800 events). */
const SMALL = {
  backfillDays: 0.25,
  eventsPerSecond: 0.5,
  members: 40,
  games: 6,
  showcase: false,
} satisfies Partial<DemoFeedOptions>;

// The demo feed of `npm start` (packages/simulator/src/demo) against a listening server, over HTTP with
// its ingest key, as scripts/start.mjs runs them: the key made once and kept in the data directory,
// registered by the server at its start (ensureDemoKey), then handed to the feed.
describeEachDatabase('demo feed', (t) => {
  let url = '';
  let dir = '';
  let stateFile = '';
  const key = `pbk_${randomBytes(24).toString('base64url')}`;
  const warnings: string[] = [];
  const log: DemoLog = { info() {}, warn: (m) => warnings.push(m), error() {} };
  const feeds: DemoFeed[] = [];
  const feed = (withKey = key) => {
    const created = new DemoFeed({ url, key: withKey, stateFile, log, ...SMALL });
    feeds.push(created);
    return created;
  };
  const count = async (where = 'true') =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stored_event WHERE cid = 1 AND ${where}`)).rows[0]
      ?.n ?? 0;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    dir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-demo-'));
    stateFile = path.join(dir, 'demo-feed.json');
    writeFileSync(stateFile, JSON.stringify({ key }), { mode: 0o600 });
  });
  afterAll(async () => {
    await Promise.all(feeds.map((f) => f.stop()));
    await t.app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('registers the key for company 1, backfills the history once (resuming after a stop), then feeds live traffic', async () => {
    expect(await ensureDemoKey(t.db, key, t.app.log)).toBe('created');
    expect(await ensureDemoKey(t.db, key, t.app.log)).toBe('exists');
    const { rows: keys } = await t.db.query<{ name: string; prefix: string; key_hash: string; created_by: null }>(
      'SELECT name, prefix, key_hash, created_by FROM ingest_key WHERE cid = 1',
    );
    // Stored hashed, like every key.
    expect(keys).toEqual([{ name: 'Demo feed', prefix: key.slice(0, 12), key_hash: hashKey(key), created_by: null }]);

    // Stopped part-way through the backfill, the feed keeps what the server acknowledged…
    const first = feed();
    const firstEnd = first.start();
    await expect.poll(() => count(), { timeout: 60_000, interval: 200 }).toBeGreaterThan(1_000);
    await first.stop();
    expect(await firstEnd).toBe('stopped');
    const partial = readDemoState(stateFile);
    if (!partial) throw new Error('no demo state');
    expect(Date.parse(partial.backfilledUntil)).toBeGreaterThan(Date.parse(partial.start));
    expect(Date.parse(partial.backfilledUntil)).toBeLessThan(Date.parse(partial.backfillTo));

    // …and the next start goes on from there.
    const second = feed();
    const secondEnd = second.start();
    const backfilled = () => {
      const state = readDemoState(stateFile);
      return state !== undefined && state.backfilledUntil === state.backfillTo;
    };
    await expect.poll(backfilled, { timeout: 90_000, interval: 500 }).toBe(true);
    const state = readDemoState(stateFile);
    if (!state) throw new Error('no demo state');
    expect(state.start).toBe(partial.start);
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
    await second.stop();
    expect(await secondEnd).toBe('stopped');
    const { rows: games } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM game WHERE cid = 1 AND source = 'master'`,
    );
    expect(games[0]?.n).toBe(6);

    // A restart keeps the key and the history, and goes live at once.
    expect(await ensureDemoKey(t.db, key, t.app.log)).toBe('exists');
    const before = await count();
    const third = feed();
    third.start();
    await expect.poll(() => count(), { timeout: 30_000, interval: 500 }).toBeGreaterThan(before);
    await third.stop();
    expect(await count()).toBeLessThan(before + 200);
    expect(readDemoState(stateFile)).toEqual(state);
    // The file still holds the key start.mjs wrote.
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).key).toBe(key);
    expect((await t.db.query('SELECT 1 FROM ingest_key')).rows).toHaveLength(1);
  }, 180_000);

  it('stops when the demo key was revoked, and a revoked demo key is not replaced', async () => {
    const admin = await t.login();
    const { rows } = await t.db.query<{ key_id: number }>(`SELECT key_id FROM ingest_key WHERE name = 'Demo feed'`);
    const revoke = await t.call({
      method: 'DELETE',
      url: `/api/v2/system/ingest-keys/${rows[0]?.key_id}`,
      token: admin,
    });
    expect(revoke.statusCode).toBe(200);
    expect(await ensureDemoKey(t.db, key, t.app.log)).toBe('revoked');
    const before = await count();
    expect(await feed().start()).toBe('refused');
    expect(warnings.at(-1)).toContain('This ingest key was revoked');
    // A new key (a data directory made afresh, or another server on this database) is not let in either.
    const other = `pbk_${randomBytes(24).toString('base64url')}`;
    expect(await ensureDemoKey(t.db, other, t.app.log)).toBe('taken');
    expect(await feed(other).start()).toBe('refused');
    expect(await count()).toBe(before);
    expect((await t.db.query('SELECT 1 FROM ingest_key WHERE revoked_at IS NULL')).rows).toHaveLength(0);
  });
});
