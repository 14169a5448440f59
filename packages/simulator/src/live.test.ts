import type { IngestEvent } from '@pitboss/contract';
import { describe, expect, it } from 'vitest';
import { backfill, createSimulation, runLive } from './index';

const start = new Date('2026-11-22T12:00:00Z');
const options = { seed: 5, start, members: 200, eventsPerSecond: 20 };

describe('runLive', () => {
  it('replays the timeline faster than real time, in order, in batches of at most maxBatch', async () => {
    const simulation = createSimulation(options);
    const batches: IngestEvent[][] = [];
    const progress = await runLive({
      simulation,
      rate: 2_000, // 100 × the simulated 20 events a second
      durationMs: 600,
      tickMs: 50,
      maxBatch: 100,
      post: async (batch) => {
        batches.push(batch);
      },
    });
    const sent = batches.flat();
    expect(progress.sent).toBe(sent.length);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(100);
    // 0.6 s of wall time at 100 × is one simulated minute.
    expect(progress.simulatedTime.getTime() - start.getTime()).toBe(60_000);
    const reference = [...createSimulation(options).events(start, progress.simulatedTime)];
    expect(sent.map((e) => e.id)).toEqual(reference.map((e) => e.id));
  });

  it('sends exactly rate × duration events with steady pacing', async () => {
    const simulation = createSimulation(options);
    let sent = 0;
    const progress = await runLive({
      simulation,
      rate: 3_000,
      durationMs: 500,
      pace: 'steady',
      post: async (batch) => {
        sent += batch.length;
      },
    });
    expect(sent).toBe(1_500);
    expect(progress.sent).toBe(1_500);
  });

  it('stops when the signal aborts and reports a failing post', async () => {
    const simulation = createSimulation(options);
    const controller = new AbortController();
    let calls = 0;
    const progress = await runLive({
      simulation,
      rate: 5_000,
      pace: 'steady',
      signal: controller.signal,
      post: async () => {
        calls++;
        controller.abort();
      },
    });
    expect(calls).toBe(1);
    expect(progress.batches).toBe(1);
    await expect(
      runLive({ simulation, rate: 5_000, durationMs: 1_000, post: () => Promise.reject(new Error('server gone')) }),
    ).rejects.toThrow('server gone');
  });
});

describe('backfill', () => {
  it('sends a range in batches of at most batchSize, the same events as the range', async () => {
    const simulation = createSimulation(options);
    const to = new Date(start.getTime() + 3_600_000);
    const batches: IngestEvent[][] = [];
    const progress = await backfill({
      simulation,
      from: start,
      to,
      batchSize: 2_500,
      post: async (b) => void batches.push(b),
    });
    expect(batches.every((b) => b.length > 0 && b.length <= 2_500)).toBe(true);
    expect(progress.simulatedTime).toEqual(to);
    const reference = [...createSimulation(options).events(start, to)];
    expect(batches.flat().map((e) => e.id)).toEqual(reference.map((e) => e.id));
    await expect(backfill({ simulation, from: start, to, batchSize: 20_000, post: async () => {} })).rejects.toThrow(
      /batchSize/,
    );
  });
});
