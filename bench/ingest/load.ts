import type { ChildServer } from '@pitboss/server/testing';

export interface LoadResult {
  /** Events acknowledged in the measured window (after warm-up) and its length. */
  events: number;
  ms: number;
  /** Every batch acknowledged, warm-up included (the COPY ceiling copies the same ones). */
  acknowledged: number;
  /** 429 answers (each retried after Retry-After). */
  shed: number;
  /** Per-batch acknowledgement latency, milliseconds. */
  p50: number;
  p99: number;
}

/**
 * Posts the pre-serialised batches from `senders` concurrent clients over keep-alive HTTP for
 * `seconds` (or until the pool runs out), retrying 429s after Retry-After. The first `warmupSeconds`
 * are not measured.
 */
export async function runLoad(
  server: ChildServer,
  key: string,
  bodies: { body: string; events: number }[],
  options: { seconds: number; senders: number; warmupSeconds: number },
): Promise<LoadResult> {
  const started = performance.now();
  const warmEnd = started + options.warmupSeconds * 1000;
  const end = warmEnd + options.seconds * 1000;
  let next = 0;
  let shed = 0;
  let acknowledged = 0;
  let measured = 0;
  let measuredFrom = Number.POSITIVE_INFINITY;
  let measuredTo = 0;
  const latencies: number[] = [];
  const sender = async () => {
    while (performance.now() < end && next < bodies.length) {
      const batch = bodies[next++] as { body: string; events: number };
      for (;;) {
        const sent = performance.now();
        const res = await fetch(`${server.url}/api/v2/ingest/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: batch.body,
        });
        const text = await res.text();
        if (res.status === 429) {
          shed++;
          await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
          continue;
        }
        if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${text.slice(0, 500)}`);
        const now = performance.now();
        acknowledged++;
        if (sent >= warmEnd) {
          measured += batch.events;
          measuredFrom = Math.min(measuredFrom, sent);
          measuredTo = now;
          latencies.push(now - sent);
        }
        break;
      }
    }
  };
  await Promise.all(Array.from({ length: options.senders }, sender));
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    events: measured,
    ms: Math.max(1, measuredTo - measuredFrom),
    acknowledged,
    shed,
    p50: at(0.5),
    p99: at(0.99),
  };
}
