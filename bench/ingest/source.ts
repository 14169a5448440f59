import type { GameMaster, IngestEvent } from '@pitboss/contract';
import { createSimulation } from '@pitboss/simulator';

export interface EventPool {
  games: GameMaster[];
  batches: IngestEvent[][];
  /** Each batch serialised once, before the clock starts. */
  bodies: { body: string; events: number }[];
  counts: Record<string, number>;
}

/**
 * The simulator's mix (default population, games and rhythm; every anomaly kind planted), cut into
 * batches of `batchSize` in time order, enough for `events`.
 */
export function eventPool(options: { seed: number; events: number; batchSize: number }): EventPool {
  const start = new Date(Date.UTC(2026, 10, 1));
  const simulation = createSimulation({ seed: options.seed, start });
  const batches: IngestEvent[][] = [];
  const counts: Record<string, number> = {};
  let total = 0;
  for (const batch of simulation.batches(start, new Date(Date.UTC(2027, 0, 1)), options.batchSize)) {
    batches.push(batch);
    for (const event of batch) counts[event.type] = (counts[event.type] ?? 0) + 1;
    total += batch.length;
    if (total >= options.events) break;
  }
  return {
    games: simulation.games,
    batches,
    bodies: batches.map((b) => ({ body: JSON.stringify(b), events: b.length })),
    counts,
  };
}
