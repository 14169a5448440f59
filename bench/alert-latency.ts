/**
 * Ingest acknowledgement → alert on a websocket client, at a steady 2,000 events a second (DESIGN §9:
 * p99 ≤ 200 ms). A console's websocket (logged in, so it receives its company's alerts) listens while
 * simulator traffic is posted every 100 ms (200 events a batch); every `alertEvery` ms one batch also
 * carries a top-up of 10,000 by a member never seen before, which raises one store alert. For each such
 * alert: send → ack, send → websocket, and ack → websocket (negative when the push arrived first: the
 * event store answers the call once COMMIT is done and then runs the push, which is synchronous, so it
 * may still leave before the HTTP reply is written).
 *
 * Run: `npx tsx bench/alert-latency.ts [postgres|embedded] [seconds=90] [alertEvery=250]`
 */
import WebSocket from 'ws';
import { type DatabaseKind, machine, post, simulatorBodies, startBenchServer } from './alert-bench-server';

const kind = (process.argv[2] ?? 'postgres') as DatabaseKind;
const seconds = Number(process.argv[3] ?? 90);
const alertEvery = Number(process.argv[4] ?? 250);
const RATE = 2_000;
const TICK_MS = 100;
const PER_TICK = (RATE * TICK_MS) / 1000;

const ticks = Math.ceil((seconds * 1000) / TICK_MS);
const start = new Date(Date.now() - 3_600_000);
const traffic = simulatorBodies({ seed: 9, count: ticks * PER_TICK, size: PER_TICK, prefix: 'lat-', start });
const server = await startBenchServer(kind);

interface Probe {
  sent: number;
  acked?: number;
  pushed?: number;
}
const probes = new Map<string, Probe>();
const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws?token=${server.token}`);
ws.on('message', (data) => {
  const message = JSON.parse(String(data)) as { type: string; alert?: { MemberID: string } };
  if (message.type !== 'alert' || !message.alert) return;
  const probe = probes.get(message.alert.MemberID);
  if (probe && probe.pushed === undefined) probe.pushed = performance.now();
});
await new Promise((resolve) => ws.once('open', resolve));
await new Promise((r) => setTimeout(r, 500));

try {
  const inFlight: Promise<void>[] = [];
  const began = performance.now();
  for (let tick = 0; tick < ticks; tick++) {
    const due = began + tick * TICK_MS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    let body = traffic.bodies[tick] as string;
    const alertTick = Math.floor((tick * TICK_MS) / alertEvery) !== Math.floor(((tick - 1) * TICK_MS) / alertEvery);
    let probe: Probe | undefined;
    if (alertTick && tick > 10) {
      const member = `probe-${tick}`;
      const events = JSON.parse(body) as unknown[];
      events.push({
        type: 'purchase',
        id: `probe-top-up-${tick}`,
        at: new Date().toISOString(),
        memberId: member,
        amount: 10_000,
        currency: 'USD',
      });
      body = JSON.stringify(events);
      probe = { sent: performance.now() };
      probes.set(member, probe);
    }
    const sent = post(server.url, server.key, body).then(() => {
      if (probe) probe.acked = performance.now();
    });
    inFlight.push(sent);
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - began) / 1000;
  await new Promise((r) => setTimeout(r, 2000));

  const done = [...probes.values()].filter((p) => p.acked !== undefined);
  const missing = done.filter((p) => p.pushed === undefined).length;
  const measured = done.filter((p) => p.pushed !== undefined) as Required<Probe>[];
  const pct = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
  };
  const line = (name: string, values: number[]) =>
    `  ${name.padEnd(18)} p50 ${pct(values, 0.5).toFixed(1)} ms, p95 ${pct(values, 0.95).toFixed(1)} ms, p99 ${pct(values, 0.99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;
  console.log(`machine: ${machine()}`);
  console.log(
    `${kind}: ${(ticks * PER_TICK).toLocaleString('en')} events in ${elapsed.toFixed(1)} s (${Math.round((ticks * PER_TICK) / elapsed)} events/s offered at ${RATE}), ${measured.length} alerts measured, ${missing} never pushed`,
  );
  console.log(
    line(
      'send → ack',
      measured.map((p) => p.acked - p.sent),
    ),
  );
  console.log(
    line(
      'send → websocket',
      measured.map((p) => p.pushed - p.sent),
    ),
  );
  console.log(
    line(
      'ack → websocket',
      measured.map((p) => p.pushed - p.acked),
    ),
  );
} finally {
  ws.close();
  await server.stop();
}
