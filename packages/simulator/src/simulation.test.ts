import { createHash } from 'node:crypto';
import { GameMaster, IngestEvent } from '@pitboss/contract/schemas';
import { describe, expect, it } from 'vitest';
import { createSimulation, type SimulationOptions } from './index';
import { serializeEvent } from './serialize';

const start = new Date('2026-11-22T00:00:00Z');
const at = (hours: number) => new Date(start.getTime() + hours * 3_600_000);
const small: SimulationOptions = { seed: 7, start, members: 300, eventsPerSecond: 5 };

function digest(events: Iterable<IngestEvent>): { count: number; hash: string } {
  const hash = createHash('sha256');
  let count = 0;
  for (const e of events) {
    hash.update(JSON.stringify(e));
    count++;
  }
  return { count, hash: hash.digest('hex') };
}

describe('createSimulation', () => {
  it('emits only events the ingest contract accepts, and games it accepts', () => {
    const simulation = createSimulation({ ...small, customers: ['op-1', 'op-2'], currency: 'TWD' });
    for (const game of simulation.games) expect(GameMaster.safeParse(game).error).toBeUndefined();
    const types = new Set<string>();
    const wrong: string[] = [];
    // Eight hours: the plants of day 0 start after three, so their events are checked too.
    for (const event of simulation.events(start, at(8))) {
      const parsed = IngestEvent.safeParse(event);
      if (!parsed.success) wrong.push(`${JSON.stringify(event)}: ${parsed.error.message}`);
      types.add(event.type);
      if (event.type === 'bet' && event.customerId !== 'op-1' && event.customerId !== 'op-2') wrong.push(event.id);
      if ('currency' in event && event.currency !== 'TWD') wrong.push(event.id);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect([...types].sort()).toEqual(['bet', 'bonus', 'login', 'purchase', 'register', 'transfer']);
  });

  it('gives events in time order with unique ids that sort in emission order', () => {
    const simulation = createSimulation(small);
    const ids = new Set<string>();
    const wrong: string[] = [];
    let last = start.getTime();
    let lastBetId = '';
    for (const event of simulation.events(start, at(3))) {
      const t = Date.parse(event.at);
      if (t < last || t >= at(3).getTime()) wrong.push(`out of order: ${event.id}`);
      last = t;
      if (ids.has(event.id)) wrong.push(`duplicate: ${event.id}`);
      ids.add(event.id);
      if (event.type === 'bet') {
        if (event.id <= lastBetId) wrong.push(`id order: ${event.id}`);
        lastBetId = event.id;
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(ids.size).toBeGreaterThan(20_000);
  });

  it('is deterministic: same seed and options give byte-identical events and ground truth', () => {
    const a = createSimulation(small);
    const b = createSimulation(small);
    expect(digest(a.events(start, at(6)))).toEqual(digest(b.events(start, at(6))));
    expect(JSON.stringify(a.groundTruth())).toBe(JSON.stringify(b.groundTruth()));
    const other = createSimulation({ ...small, seed: 8 });
    expect(digest(other.events(start, at(6))).hash).not.toBe(digest(a.events(start, at(6))).hash);
  });

  it('gives the same events for adjacent ranges as for one call, and replays a range asked again', () => {
    const whole = digest(createSimulation(small).events(start, at(5)));
    const pieces = createSimulation(small);
    const split = digest(
      (function* () {
        yield* pieces.events(start, at(0.5));
        yield* pieces.events(at(0.5), at(2.25));
        for (const batch of pieces.batches(at(2.25), at(5), 777)) yield* batch;
      })(),
    );
    expect(split).toEqual(whole);
    expect(pieces.position()).toEqual(at(5));
    // Going back replays from the start and gives the same events again.
    expect(digest(pieces.events(start, at(5)))).toEqual(whole);
  });

  it('resumes where a caller stopped reading', () => {
    const simulation = createSimulation(small);
    const first: IngestEvent[] = [];
    for (const event of simulation.stream()) {
      first.push(event);
      if (first.length === 5_000) break;
    }
    const rest = [...simulation.events(simulation.position(), at(2))];
    const reference = [...createSimulation(small).events(start, at(2))];
    const seen = new Set(first.map((e) => e.id));
    const resumed = [...first, ...rest.filter((e) => !seen.has(e.id))];
    expect(resumed.map((e) => e.id)).toEqual(reference.map((e) => e.id));
  });

  it('serialises events exactly as JSON.stringify does', () => {
    const simulation = createSimulation({ ...small, customers: ['c-1'] });
    const different: string[] = [];
    for (const event of simulation.events(start, at(6))) {
      if (serializeEvent(event) !== JSON.stringify(event)) different.push(JSON.stringify(event));
    }
    expect(different.slice(0, 3)).toEqual([]);
  });

  it('follows a daily rhythm that averages eventsPerSecond', () => {
    const simulation = createSimulation({ ...small, eventsPerSecond: 30 });
    const rates = Array.from({ length: 1_440 }, (_, minute) => simulation.rateAt(at(minute / 60)));
    expect(rates.reduce((a, b) => a + b, 0) / rates.length).toBeCloseTo(30, 1);
    // Quiet at dawn in UTC+8 (22:00 UTC), busy at 22:00 local (14:00 UTC).
    expect(simulation.rateAt(at(22))).toBeLessThan(12);
    expect(simulation.rateAt(at(14))).toBeGreaterThan(45);
  });

  it('refuses bad options naming the option', () => {
    expect(() => createSimulation({ ...small, seed: 1.5 })).toThrow(/seed/);
    expect(() => createSimulation({ ...small, start: new Date('x') })).toThrow(/start/);
    expect(() => createSimulation({ ...small, currency: 'usd' })).toThrow(/currency/);
    expect(() => createSimulation({ ...small, customers: ['a"b'] })).toThrow(/customers/);
    expect(() => createSimulation({ ...small, anomalies: ['nope' as never] })).toThrow(/anomalies/);
    expect(() => createSimulation({ ...small, eventsPerSecond: 0 })).toThrow(/eventsPerSecond/);
  });

  it('builds a lobby of every kind, each with its paytable RTP, and few-game lobbies of the named kinds', () => {
    const games = createSimulation({ ...small, games: 30 }).games;
    expect(games).toHaveLength(30);
    expect(new Set(games.map((g) => g.gameType))).toEqual(
      new Set(['slot', 'baccarat', 'football', 'sic-bo', 'dragon-tiger', 'roulette']),
    );
    expect(new Set(games.map((g) => g.gameId)).size).toBe(30);
    const baccarat = games.find((g) => g.gameType === 'baccarat');
    expect(baccarat?.expectedRtp).toBeCloseTo(0.9886, 3);
    expect(createSimulation({ ...small, games: 4 }).games.map((g) => g.gameType)).toEqual([
      'slot',
      'baccarat',
      'football',
      'sic-bo',
    ]);
  });
});
