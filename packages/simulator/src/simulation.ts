import type { GameMaster, IngestEvent } from '@pitboss/contract';
import { buildCatalogue, type GameSpec } from './games/catalogue';
import type { GroundTruth } from './ground-truth';
import { type ResolvedOptions, resolveOptions, type SimulationOptions } from './options';
import { PlantScheduler } from './plants/schedule';
import { rhythmAt } from './rhythm';
import { DEFAULT_PLAYER_RULES, HOUR, NORMAL_BOUNDS, OPPOSING_RULE } from './thresholds';
import { Arrivals, Calibrator } from './world/arrivals';
import { AliasTable, createPopulation } from './world/population';
import { World, type WorldStats } from './world/world';

export interface Simulation {
  /** Game master data, for `POST /api/v2/ingest/games`. */
  readonly games: GameMaster[];
  readonly options: Readonly<ResolvedOptions>;
  /**
   * Events with `from <= at < to`, in time order, with unique ids. Deterministic: adjacent ranges give
   * the same events as one call. Going forward is cheap; asking for a range before the last one
   * replays the simulation from its start.
   */
  events(from: Date, to: Date): Iterable<IngestEvent>;
  /** The same events as `events`, in batches of at most `size` (default 1,000): cheaper for bulk use. */
  batches(from: Date, to: Date, size?: number): Iterable<IngestEvent[]>;
  /** Every event from `from` on, without end (for live feeds that pace by count). */
  stream(from?: Date): Iterable<IngestEvent>;
  /** What was planted up to the end of the generated range; JSON-serialisable. */
  groundTruth(): GroundTruth;
  /** Where the generated range ends: the next `events` call can start here without a replay. */
  position(): Date;
  /** The average simulated rate (events per second) at that time of day: the daily rhythm × eventsPerSecond. */
  rateAt(time: Date): number;
  /** How often the governor had to hold normal members back (for tests and curiosity). */
  stats(): Readonly<WorldStats> & { events: number; bets: number };
}

export function createSimulation(options: SimulationOptions): Simulation {
  const opts = resolveOptions(options);
  const catalogue = buildCatalogue(opts.seed, opts.games);
  return new SimulationImpl(opts, catalogue);
}

class SimulationImpl implements Simulation {
  readonly games: GameMaster[];
  private world: World;
  private cursor: number;

  constructor(
    readonly options: ResolvedOptions,
    private readonly catalogue: GameSpec[],
  ) {
    this.games = catalogue.map((g) => ({ ...g.master }));
    this.world = this.createWorld();
    this.cursor = options.start;
  }

  private createWorld(): World {
    const world = new World(this.options, this.catalogue);
    const { members, weights } = createPopulation(world);
    world.members.push(...members);
    const arrivals = new Arrivals(world, new AliasTable(weights));
    world.schedule(arrivals, this.options.start);
    world.schedule(new Calibrator(arrivals), this.options.start + HOUR);
    world.schedule(new PlantScheduler(), this.options.start);
    return world;
  }

  events(from: Date, to: Date): Iterable<IngestEvent> {
    return this.flatten(from.getTime(), to.getTime());
  }

  stream(from?: Date): Iterable<IngestEvent> {
    return this.flatten(from?.getTime() ?? this.cursor, Number.POSITIVE_INFINITY);
  }

  position(): Date {
    return new Date(this.cursor);
  }

  rateAt(time: Date): number {
    return this.options.eventsPerSecond * rhythmAt(time.getTime());
  }

  batches(from: Date, to: Date, size = 1_000): Iterable<IngestEvent[]> {
    return this.range(from.getTime(), to.getTime(), size);
  }

  private *flatten(fromMs: number, toMs: number): Generator<IngestEvent> {
    const from = this.prepare(fromMs, toMs, 1);
    if (from === undefined) return;
    // One event at a time, so a reader who stops early leaves the rest for the next call.
    for (;;) {
      const event = this.take(from, toMs);
      if (!event) return;
      yield event;
    }
  }

  /** Batches of at most `size` events of [from, to); a batch is never empty. */
  private *range(fromMs: number, toMs: number, size: number): Generator<IngestEvent[]> {
    const from = this.prepare(fromMs, toMs, size);
    if (from === undefined) return;
    for (;;) {
      const batch: IngestEvent[] = [];
      for (let event = this.take(from, toMs); event; event = batch.length < size ? this.take(from, toMs) : undefined) {
        batch.push(event);
        if (batch.length >= size) break;
      }
      if (batch.length === 0) return;
      yield batch;
    }
  }

  /** Checks a range and replays from the start if it begins before the cursor; the effective start. */
  private prepare(fromMs: number, toMs: number, size: number): number | undefined {
    if (Number.isNaN(fromMs) || Number.isNaN(toMs)) throw new RangeError('events: from and to must be valid dates');
    if (!(size >= 1)) throw new RangeError('batch size: must be at least 1');
    const from = Math.max(fromMs, this.options.start);
    if (toMs <= from) return undefined;
    if (from < this.cursor) {
      this.world = this.createWorld();
      this.cursor = this.options.start;
    }
    return from;
  }

  /**
   * The next event of [from, to), running the world as far as needed; undefined at `to`. The cursor
   * follows the events handed out, and moves to `to` once everything before it has been.
   */
  private take(from: number, to: number): IngestEvent | undefined {
    const world = this.world;
    for (;;) {
      while (world.hasOutput()) {
        const t = world.peekOutputTime();
        if (t >= to) {
          this.cursor = to;
          return undefined;
        }
        const event = world.takeOutput();
        if (t > this.cursor) this.cursor = t;
        if (t >= from) return event;
      }
      if (world.nextActionTime() >= to) {
        if (to > this.cursor) this.cursor = to;
        return undefined;
      }
      world.step();
    }
  }

  groundTruth(): GroundTruth {
    const until = this.cursor;
    const world = this.world;
    return {
      seed: this.options.seed,
      start: new Date(this.options.start).toISOString(),
      until: new Date(until).toISOString(),
      rules: DEFAULT_PLAYER_RULES,
      opposingRule: OPPOSING_RULE,
      normalBounds: NORMAL_BOUNDS,
      players: world.playerPlants.filter((p) => p.from < until).map((p) => p.toTruth()),
      rtpDrift: world.driftPlants.filter((p) => p.from < until).map((p) => p.toTruth()),
      opposingBets: world.opposingPlants.filter((p) => p.from < until).map((p) => p.toTruth()),
    };
  }

  stats() {
    return { ...this.world.stats, events: this.world.emitted, bets: this.world.bets };
  }
}
