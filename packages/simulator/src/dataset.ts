import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { IngestEvent } from '@pitboss/contract';
import { serializeEvent } from './serialize';
import type { Simulation } from './simulation';

export interface DatasetOptions {
  simulation: Simulation;
  /** NDJSON file to write (one ingest event per line). */
  path: string;
  from: Date;
  /** Stop before this time… */
  to?: Date;
  /** …or after this many events… */
  maxEvents?: number;
  /** …or after this many bets (whichever comes first). */
  maxBets?: number;
  onProgress?: (written: number) => void;
}

export interface DatasetSummary {
  events: number;
  bets: number;
  bytes: number;
  /** Time of the first and last event written. */
  first?: string;
  last?: string;
  ms: number;
}

const FLUSH_BYTES = 1 << 20;
const BUFFER_BYTES = 2 << 20;

/** Writes simulated events to an NDJSON file, fast: UTF-8 straight into megabyte buffers, with backpressure. */
export async function writeDataset(options: DatasetOptions): Promise<DatasetSummary> {
  const { simulation, from } = options;
  const to = options.to ?? new Date(8.64e15);
  const maxEvents = options.maxEvents ?? Number.POSITIVE_INFINITY;
  const maxBets = options.maxBets ?? Number.POSITIVE_INFINITY;
  if (to === undefined && maxEvents === Number.POSITIVE_INFINITY && maxBets === Number.POSITIVE_INFINITY) {
    throw new RangeError('writeDataset: give to, maxEvents or maxBets');
  }
  const started = performance.now();
  // A deep buffer keeps the generator busy while earlier chunks are written.
  const out = createWriteStream(options.path, { highWaterMark: 16 << 20 });
  const failed = once(out, 'error').then(([error]) => Promise.reject(error));
  failed.catch(() => {});
  let buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  let offset = 0;
  let events = 0;
  let bets = 0;
  let bytes = 0;
  let first: string | undefined;
  let last: IngestEvent | undefined;
  const flush = async () => {
    bytes += offset;
    const full = buffer.subarray(0, offset);
    buffer = Buffer.allocUnsafe(BUFFER_BYTES);
    offset = 0;
    if (!out.write(full)) await Promise.race([once(out, 'drain'), failed]);
    options.onProgress?.(events);
  };
  outer: for (const batch of simulation.batches(from, to, 1_000)) {
    for (const event of batch) {
      const line = serializeEvent(event);
      // A UTF-16 unit takes at most three bytes in UTF-8.
      if (offset + line.length * 3 + 1 > buffer.length) await flush();
      offset += buffer.write(line, offset);
      buffer[offset++] = 0x0a;
      events++;
      if (event.type === 'bet') bets++;
      first ??= event.at;
      last = event;
      if (events >= maxEvents || bets >= maxBets) break outer;
    }
    if (offset >= FLUSH_BYTES) await flush();
  }
  if (offset > 0) await flush();
  out.end();
  await Promise.race([once(out, 'finish'), failed]);
  return { events, bets, bytes, first, last: last?.at, ms: Math.round(performance.now() - started) };
}
