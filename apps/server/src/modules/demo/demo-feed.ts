import {
  createIngestClient,
  createSimulation,
  IngestError,
  type PostBatch,
  runLive,
  type Simulation,
} from '@pitboss/simulator';
import type { FastifyBaseLogger } from 'fastify';
import type { PoolClient } from 'pg';
import type { Database } from '../../db/database';
import type { IngestKeyService } from '../ingest-keys/ingest-keys.service';
import * as repo from './demo.repository';

const DEMO_CID = 1;
/** One demo feeder per database: PostgreSQL servers sharing it elect one with this session lock. */
const FEEDER_LOCK = 72_001_100;
const DEMO_KEY_LOCK = 72_001_101;
const DAY_MS = 86_400_000;
/**
 * Backfill batch size: on the embedded database every console query waits behind the ingest
 * transaction in progress, so short transactions keep the console responsive while the week loads.
 */
const BACKFILL_BATCH = 250;

export interface DemoFeedOptions {
  /** Days backfilled on the first start (default 7). */
  backfillDays?: number;
  /**
   * Simulated events per second, for the backfill and, in real time, the live feed (default 0.4:
   * about 240,000 events for the week, a couple of minutes on the embedded database; 24 a minute live,
   * following the simulated daily rhythm).
   */
  eventsPerSecond?: number;
  members?: number;
  games?: number;
  seed?: number;
}

/**
 * `npm start`'s living demo (PITBOSS_DEMO, default on): a demo ingest key for company 1, created once
 * (its plaintext kept in `server_setting`); a one-time backfill of the last week from the simulator,
 * resumed where it stopped after a restart; then live traffic in real time. Everything goes through
 * the ingest API over loopback HTTP, in the background: the API never waits for it.
 */
export class DemoFeed {
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  private feeder: PoolClient | undefined;
  private readonly opts: Required<DemoFeedOptions>;

  constructor(
    private readonly db: Database,
    private readonly keys: IngestKeyService,
    private readonly log: FastifyBaseLogger,
    options: DemoFeedOptions = {},
  ) {
    this.opts = {
      backfillDays: options.backfillDays ?? 7,
      eventsPerSecond: options.eventsPerSecond ?? 0.4,
      members: options.members ?? 1_000,
      games: options.games ?? 30,
      seed: options.seed ?? 20_261_122,
    };
  }

  /** Starts feeding `url` (this server); answers at once. */
  start(url: string): void {
    this.running ??= this.run(url).catch((error) => {
      if (this.abort.signal.aborted) return;
      if (error instanceof IngestError && error.status === 401) {
        this.log.warn('Demo feed: the demo ingest key was revoked, so the feed stops (PITBOSS_DEMO=0 turns it off)');
      } else {
        this.log.error({ err: error }, 'Demo feed stopped');
      }
    });
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
    if (this.feeder) {
      await this.feeder.query('SELECT pg_advisory_unlock($1)', [FEEDER_LOCK]).catch(() => {});
      this.feeder.release();
      this.feeder = undefined;
    }
  }

  private async run(url: string): Promise<void> {
    if (!(await this.electFeeder())) {
      this.log.info('Demo feed: another server feeds this database');
      return;
    }
    const key = await this.demoKey();
    if (!key) return;
    const signal = this.abort.signal;
    const client = createIngestClient({ url, key, signal, maxAttempts: 1_000 });
    const post: PostBatch = async (batch) => {
      await client.postEvents(batch);
    };
    const state = await this.state();
    const backfilling = state.backfilledUntil !== state.backfillTo;
    // A backfill (first start, or resumed) simulates the demo week; later starts begin a new simulated
    // epoch now: the same members, new event ids (replaying the week to resume would hold the CPU).
    const simulation = this.simulation(backfilling ? new Date(state.start) : new Date());
    await client.postGames(simulation.games);
    if (backfilling) {
      await this.backfill(simulation, state, post);
      // What happened while the backfill ran (capped: after a long stop the gap stays a gap).
      const catchUpFrom = Math.max(Date.parse(state.backfillTo), Date.now() - DAY_MS);
      for (const batch of simulation.batches(new Date(catchUpFrom), new Date(), BACKFILL_BATCH)) {
        if (signal.aborted) return;
        await post(batch);
      }
    }
    if (signal.aborted) return;
    this.log.info(`Demo feed: live, about ${Math.round(this.opts.eventsPerSecond * 60)} events a minute`);
    await runLive({ simulation, post, rate: this.opts.eventsPerSecond, pace: 'timeline', from: new Date(), signal });
  }

  private simulation(start: Date): Simulation {
    return createSimulation({
      seed: this.opts.seed,
      start,
      members: this.opts.members,
      games: this.opts.games,
      eventsPerSecond: this.opts.eventsPerSecond,
    });
  }

  private async backfill(simulation: Simulation, state: repo.DemoState, post: PostBatch): Promise<void> {
    const from = Date.parse(state.backfilledUntil);
    const to = Date.parse(state.backfillTo);
    const total = Math.round(((to - Date.parse(state.start)) / 1000) * this.opts.eventsPerSecond);
    const started = Date.now();
    this.log.info(
      `Demo feed: backfilling ${this.opts.backfillDays} days of simulated traffic for company 1 (about ${total.toLocaleString('en-US')} events) in the background…`,
    );
    let sent = 0;
    let nextReport = 0.1;
    let saved = 0;
    for (const batch of simulation.batches(new Date(from), new Date(to), BACKFILL_BATCH)) {
      if (this.abort.signal.aborted) return;
      await post(batch);
      sent += batch.length;
      const last = batch[batch.length - 1];
      const done = last ? (Date.parse(last.at) - Date.parse(state.start)) / (to - Date.parse(state.start)) : 0;
      if (sent - saved >= 10_000 && last) {
        await repo.writeDemoState(this.db, { ...state, backfilledUntil: last.at });
        saved = sent;
      }
      if (done >= nextReport) {
        this.log.info(`Demo feed: backfill ${Math.floor(done * 100)}% (${sent.toLocaleString('en-US')} events)`);
        nextReport = Math.floor(done * 10) / 10 + 0.1;
      }
    }
    await repo.writeDemoState(this.db, { ...state, backfilledUntil: state.backfillTo });
    this.log.info(
      `Demo feed: backfill done, ${sent.toLocaleString('en-US')} events in ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }

  /** The feed's state, created on the first start. */
  private async state(): Promise<repo.DemoState> {
    const existing = await repo.readDemoState(this.db);
    if (existing) return existing;
    const now = Date.now();
    const start = new Date(Math.floor((now - this.opts.backfillDays * DAY_MS) / 60_000) * 60_000).toISOString();
    const state = { seed: this.opts.seed, start, backfillTo: new Date(now).toISOString(), backfilledUntil: start };
    await repo.writeDemoState(this.db, state);
    return state;
  }

  /** The demo key of company 1, created on the first start; undefined when there is no company 1. */
  private async demoKey(): Promise<string | undefined> {
    return this.db.tx(async (sql) => {
      await sql.query('SELECT pg_advisory_xact_lock($1)', [DEMO_KEY_LOCK]);
      const existing = await repo.readDemoKey(sql);
      if (existing) return existing;
      if (!(await repo.companyExists(sql, DEMO_CID))) {
        this.log.info('Demo feed: there is no company 1 to feed');
        return undefined;
      }
      const created = await this.keys.issue(sql, DEMO_CID, 'Demo feed', null);
      await repo.writeDemoKey(sql, created.Key);
      this.log.info(`Demo feed: created the ingest key ${created.Prefix}… "Demo feed" for company 1`);
      return created.Key;
    });
  }

  /** On PostgreSQL, one process feeds (a session lock on a connection held while it runs); PGlite has one process. */
  private async electFeeder(): Promise<boolean> {
    if (this.db.kind === 'pglite') return true;
    const client = await this.db.connect();
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      FEEDER_LOCK,
    ]);
    if (!rows[0]?.locked) {
      client.release();
      return false;
    }
    this.feeder = client;
    return true;
  }
}
