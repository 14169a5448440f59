import { setTimeout as sleep } from 'node:timers/promises';
import { INGEST_MAX_EVENTS, type IngestEvent } from '@pitboss/contract';
import type { Simulation } from './simulation';

/** Sends one batch; resolves once the far side has it (retries are the poster's business). */
export type PostBatch = (batch: IngestEvent[]) => Promise<void>;

export interface LiveProgress {
  sent: number;
  batches: number;
  /** The simulated clock: every event before it has been sent. */
  simulatedTime: Date;
  elapsedMs: number;
}

export interface LiveOptions {
  simulation: Simulation;
  post: PostBatch;
  /** Events per second of wall-clock time (on average for `timeline` pacing). */
  rate: number;
  /** Stop after this long (default: until `signal` aborts). */
  durationMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: LiveProgress) => void;
  /** Simulated time to start from (default: where the simulation's last range ended). */
  from?: Date;
  /**
   * `timeline` (default) replays simulated time at `rate ÷ eventsPerSecond` times real time, so events
   * are sent when they happen and follow the daily rhythm; with `eventsPerSecond = rate` and a start of
   * now, event times track the wall clock. `steady` sends exactly `rate` events a second, whatever
   * their timestamps say.
   */
  pace?: 'timeline' | 'steady';
  /** How often a batch goes out (default 250 ms). */
  tickMs?: number;
  /** Largest batch (default 1,000; at most the ingest limit of 10,000). */
  maxBatch?: number;
}

/** Feeds a simulation to `post` in real time until the duration ends or the signal aborts. */
export async function runLive(options: LiveOptions): Promise<LiveProgress> {
  const { simulation, post, rate, signal, onProgress } = options;
  if (!(rate > 0)) throw new RangeError('rate: must be above 0');
  const tickMs = options.tickMs ?? 250;
  const maxBatch = checkBatchSize(options.maxBatch ?? 1_000, 'maxBatch');
  const durationMs = options.durationMs ?? Number.POSITIVE_INFINITY;
  const started = performance.now();
  const from = (options.from ?? simulation.position()).getTime();
  const speed = rate / simulation.options.eventsPerSecond;
  const steady = options.pace === 'steady' ? simulation.stream(new Date(from))[Symbol.iterator]() : undefined;
  const progress: LiveProgress = { sent: 0, batches: 0, simulatedTime: new Date(from), elapsedMs: 0 };
  let cursor = from;

  const send = async (batch: IngestEvent[]) => {
    await post(batch);
    progress.sent += batch.length;
    progress.batches++;
    progress.elapsedMs = Math.round(performance.now() - started);
    onProgress?.({ ...progress });
  };

  while (!signal?.aborted) {
    const elapsed = Math.min(performance.now() - started, durationMs);
    if (steady) {
      let due = Math.floor((rate * elapsed) / 1_000) - progress.sent;
      while (due > 0 && !signal?.aborted) {
        const batch: IngestEvent[] = [];
        while (batch.length < Math.min(due, maxBatch)) {
          const next = steady.next();
          if (next.done) break;
          batch.push(next.value);
        }
        if (batch.length === 0) break;
        const last = batch[batch.length - 1];
        if (last) progress.simulatedTime = new Date(last.at);
        due -= batch.length;
        await send(batch);
      }
    } else {
      const until = from + elapsed * speed;
      for (const batch of simulation.batches(new Date(cursor), new Date(until), maxBatch)) {
        await send(batch);
        if (signal?.aborted) break;
      }
      cursor = until;
      progress.simulatedTime = new Date(until);
    }
    if (elapsed >= durationMs) break;
    const wait = Math.min(tickMs, durationMs - (performance.now() - started));
    if (wait > 0) await sleep(wait, undefined, { signal }).catch(() => {});
  }
  progress.elapsedMs = Math.round(performance.now() - started);
  return progress;
}

export interface BackfillOptions {
  simulation: Simulation;
  from: Date;
  to: Date;
  post: PostBatch;
  /** Events per request (default 1,000; at most 10,000). */
  batchSize?: number;
  signal?: AbortSignal;
  onProgress?: (progress: LiveProgress) => void;
}

/** Sends the simulated history of [from, to) as fast as `post` takes it, one batch at a time. */
export async function backfill(options: BackfillOptions): Promise<LiveProgress> {
  const { simulation, post, signal, onProgress } = options;
  const batchSize = checkBatchSize(options.batchSize ?? 1_000, 'batchSize');
  const started = performance.now();
  const progress: LiveProgress = { sent: 0, batches: 0, simulatedTime: options.from, elapsedMs: 0 };
  for (const batch of simulation.batches(options.from, options.to, batchSize)) {
    if (signal?.aborted) break;
    await post(batch);
    progress.sent += batch.length;
    progress.batches++;
    const last = batch[batch.length - 1];
    if (last) progress.simulatedTime = new Date(last.at);
    progress.elapsedMs = Math.round(performance.now() - started);
    onProgress?.({ ...progress });
  }
  if (!signal?.aborted) progress.simulatedTime = options.to;
  progress.elapsedMs = Math.round(performance.now() - started);
  return progress;
}

function checkBatchSize(size: number, name: string): number {
  if (!Number.isInteger(size) || size < 1 || size > INGEST_MAX_EVENTS) {
    throw new RangeError(`${name}: must be an integer from 1 to ${INGEST_MAX_EVENTS}`);
  }
  return size;
}
