import { setTimeout as sleep } from 'node:timers/promises';
import { createIngestClient, IngestError } from '../http';
import { type PostBatch, runLive } from '../live';
import { createSimulation, type Simulation } from '../simulation';
import { SHOWCASE_KINDS, type ShowcasePlant, showcasePlant } from './showcase';
import { type DemoState, readDemoState, writeDemoState } from './state-file';

const DAY_MS = 86_400_000;
/**
 * Backfill batch size: on the embedded database every console query waits behind the ingest
 * transaction in progress, so short transactions keep the console responsive while the week loads.
 */
const BACKFILL_BATCH = 250;
/** The backfill's progress is saved every this many events (and when the feed stops). */
const SAVE_EVERY = 10_000;

export interface DemoLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface DemoFeedOptions {
  /** The Pitboss server, e.g. `http://127.0.0.1:8080`. */
  url: string;
  /** An ingest key of company 1 (`npm start` makes one and has the server register it). */
  key: string;
  /** The file that keeps the feed's progress across restarts (`<data dir>/demo-feed.json`). */
  stateFile: string;
  log: DemoLog;
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
  /**
   * While live, plant an anomaly every this many ms (drawn between the two; default one to three
   * minutes), in turn of every alert type (`showcase.ts`); the first comes `showcaseFirstMs` after the
   * feed goes live (default 20 s). `showcase: false` turns it off.
   */
  showcase?: boolean;
  showcaseEveryMs?: readonly [number, number];
  showcaseFirstMs?: number;
}

/** Waits `ms` unless the signal aborts first; answers whether it waited the whole time. */
async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (ms > 0) await sleep(ms, undefined, { signal }).catch(() => {});
  return !signal.aborted;
}

/** How a feed ended: stopped (`stop()`), refused (the server answered 401 to its key), or failed (logged). */
export type DemoFeedEnd = 'stopped' | 'refused' | 'failed';

/**
 * `npm start`'s living demo for company 1, a platform like any other: it posts through the public
 * ingest API with its ingest key. A one-time backfill of the last week from the simulator, resumed
 * where it stopped after a restart; then live traffic in real time.
 */
export class DemoFeed {
  private readonly abort = new AbortController();
  private running: Promise<DemoFeedEnd> | undefined;
  private readonly opts: Required<Omit<DemoFeedOptions, 'url' | 'key' | 'stateFile' | 'log'>>;
  /** How many anomalies this run planted (read by tests). */
  planted = 0;

  constructor(private readonly config: DemoFeedOptions) {
    this.opts = {
      backfillDays: config.backfillDays ?? 7,
      eventsPerSecond: config.eventsPerSecond ?? 0.4,
      members: config.members ?? 1_000,
      games: config.games ?? 30,
      seed: config.seed ?? 20_261_122,
      showcase: config.showcase ?? true,
      showcaseEveryMs: config.showcaseEveryMs ?? [60_000, 180_000],
      showcaseFirstMs: config.showcaseFirstMs ?? 20_000,
    };
  }

  /** Starts feeding; resolves when the feed ends. */
  start(): Promise<DemoFeedEnd> {
    this.running ??= this.run().then(
      (): DemoFeedEnd => 'stopped',
      (error): DemoFeedEnd => {
        if (this.abort.signal.aborted) return 'stopped';
        if (error instanceof IngestError && error.status === 401) {
          this.config.log.warn(
            `Demo feed: the server refused the demo ingest key (${error.message}), so the feed stops (PITBOSS_DEMO=0 turns it off)`,
          );
          return 'refused';
        }
        this.config.log.error('Demo feed stopped', error);
        return 'failed';
      },
    );
    return this.running;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private async run(): Promise<void> {
    const { log } = this.config;
    const signal = this.abort.signal;
    const client = createIngestClient({ url: this.config.url, key: this.config.key, signal, maxAttempts: 1_000 });
    const post: PostBatch = async (batch) => {
      await client.postEvents(batch);
    };
    const state = this.state();
    const backfilling = state.backfilledUntil !== state.backfillTo;
    // A backfill (first start, or resumed) simulates the demo week; later starts begin a new simulated
    // epoch now: the same members, new event ids (replaying the week to resume would hold the CPU).
    const simulation = this.simulation(backfilling ? new Date(state.start) : new Date());
    await client.postGames(simulation.games);
    if (backfilling) {
      if (!(await this.backfill(simulation, state, post))) return;
      // What happened while the backfill ran (capped: after a long stop the gap stays a gap).
      const catchUpFrom = Math.max(Date.parse(state.backfillTo), Date.now() - DAY_MS);
      for (const batch of simulation.batches(new Date(catchUpFrom), new Date(), BACKFILL_BATCH)) {
        if (signal.aborted) return;
        await post(batch);
      }
    }
    if (signal.aborted) return;
    log.info(
      `Demo feed: live, about ${Math.round(this.opts.eventsPerSecond * 60)} events a minute${
        this.opts.showcase ? ', and an anomaly planted every one to three minutes: watch the alert lists' : ''
      }`,
    );
    await Promise.all([
      runLive({ simulation, post, rate: this.opts.eventsPerSecond, pace: 'timeline', from: new Date(), signal }),
      this.opts.showcase ? this.showcase(simulation.options.currency, post, client.postGames) : undefined,
    ]);
  }

  /** Plants one anomaly after another, each kind in turn, until the feed stops. */
  private async showcase(
    currency: string,
    post: PostBatch,
    postGames: (games: ShowcasePlant['games']) => Promise<void>,
  ): Promise<void> {
    const signal = this.abort.signal;
    const run = Date.now().toString(36);
    const [low, high] = this.opts.showcaseEveryMs;
    let wait = this.opts.showcaseFirstMs;
    for (let n = 0; !signal.aborted; n++) {
      if (!(await pause(wait, signal))) return;
      const kind = SHOWCASE_KINDS[n % SHOWCASE_KINDS.length] ?? 'win-streak';
      const plant = showcasePlant(kind, { run, n, currency });
      if (plant.games.length > 0) await postGames(plant.games);
      this.config.log.info(`Demo feed: planted ${kind.replace('-', ' ')} (${plant.subject})`);
      for (const step of plant.steps) {
        if (!(await pause(step.afterMs, signal))) return;
        const events = step.events(Date.now());
        for (let i = 0; i < events.length; i += BACKFILL_BATCH * 4) await post(events.slice(i, i + BACKFILL_BATCH * 4));
      }
      this.planted++;
      wait = low + Math.random() * (high - low);
    }
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

  /** Sends the rest of the demo week; answers whether it got to the end (false when stopped). */
  private async backfill(simulation: Simulation, state: DemoState, post: PostBatch): Promise<boolean> {
    const { log, stateFile } = this.config;
    const from = Date.parse(state.backfilledUntil);
    const to = Date.parse(state.backfillTo);
    const start = Date.parse(state.start);
    const total = Math.round(((to - start) / 1000) * this.opts.eventsPerSecond);
    const started = Date.now();
    log.info(
      `Demo feed: backfilling ${this.opts.backfillDays} days of simulated traffic for company 1 (about ${total.toLocaleString('en-US')} events) in the background…`,
    );
    let sent = 0;
    // Resumed: the next 10 % step after where it stopped.
    let nextReport = Math.floor(((from - start) / (to - start)) * 10) / 10 + 0.1;
    let saved = 0;
    let acknowledged: string | undefined;
    try {
      for (const batch of simulation.batches(new Date(from), new Date(to), BACKFILL_BATCH)) {
        if (this.abort.signal.aborted) return false;
        await post(batch);
        sent += batch.length;
        const last = batch[batch.length - 1];
        if (!last) continue;
        acknowledged = last.at;
        if (sent - saved >= SAVE_EVERY) {
          writeDemoState(stateFile, { ...state, backfilledUntil: acknowledged });
          saved = sent;
        }
        const done = (Date.parse(last.at) - start) / (to - start);
        if (done >= nextReport) {
          log.info(`Demo feed: backfill ${Math.floor(done * 100)}% (${sent.toLocaleString('en-US')} events)`);
          nextReport = Math.floor(done * 10) / 10 + 0.1;
        }
      }
    } finally {
      // Stopped or failed: keep what the server acknowledged (events of that instant are sent again, as duplicates).
      if (acknowledged !== undefined && sent > saved) {
        writeDemoState(stateFile, { ...state, backfilledUntil: acknowledged });
      }
    }
    if (this.abort.signal.aborted) return false;
    writeDemoState(stateFile, { ...state, backfilledUntil: state.backfillTo });
    log.info(
      `Demo feed: backfill done, ${sent.toLocaleString('en-US')} events in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    return true;
  }

  /** The feed's state, created on the first start. */
  private state(): DemoState {
    const existing = readDemoState(this.config.stateFile);
    if (existing) return existing;
    const now = Date.now();
    const start = new Date(Math.floor((now - this.opts.backfillDays * DAY_MS) / 60_000) * 60_000).toISOString();
    const state = { seed: this.opts.seed, start, backfillTo: new Date(now).toISOString(), backfilledUntil: start };
    writeDemoState(this.config.stateFile, state);
    return state;
  }
}
