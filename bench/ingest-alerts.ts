/**
 * Sustained ingest with every default alert rule enabled (DESIGN §9: PostgreSQL ≥ 20,000 events/s,
 * embedded ≥ 5,000 events/s), then the same with every rule disabled, to isolate what the detectors cost.
 * Simulator events (1,000 members, the default mix: ≈ 86 % bets) in batches of 1,000 over HTTP,
 * `concurrency` requests in flight (one company: the server stores its batches one at a time).
 *
 * Run: `npx tsx bench/ingest-alerts.ts [postgres|embedded] [events=200000] [concurrency=4]`
 */
import { type DatabaseKind, machine, post, setAllRules, simulatorBodies, startBenchServer } from './alert-bench-server';

const kind = (process.argv[2] ?? 'postgres') as DatabaseKind;
const total = Number(process.argv[3] ?? 200_000);
const concurrency = Number(process.argv[4] ?? 4);
const BATCH = 1_000;

async function run(url: string, key: string, bodies: string[]): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++] as string;
        await post(url, key, body);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

const start = new Date(Date.now() - 2 * 86_400_000);
console.log(`preparing ${total} events…`);
const on = simulatorBodies({ seed: 1, count: total, size: BATCH, prefix: 'on-', start });
const off = simulatorBodies({ seed: 2, count: total, size: BATCH, prefix: 'off-', start });
const server = await startBenchServer(kind);
try {
  // Warm up (JIT, caches, the company's engine) on a slice that is not measured.
  const warm = simulatorBodies({ seed: 3, count: 20 * BATCH, size: BATCH, prefix: 'warm-', start });
  await run(server.url, server.key, warm.bodies);

  const withRules = await run(server.url, server.key, on.bodies);
  const memoryWith = server.peakMemory();
  const rules = await setAllRules(server, false);
  const withoutRules = await run(server.url, server.key, off.bodies);
  const alerts = await fetch(`${server.url}/api/v2/monitor/alert-events?pageSize=1&Start=2000-01-01T00:00:00Z`, {
    headers: { authorization: `Bearer ${server.token}` },
  }).then((r) => r.json() as Promise<{ cnt: number }>);

  const rate = (seconds: number) => Math.round(total / seconds).toLocaleString('en');
  console.log(`machine: ${machine()}`);
  console.log(`${kind}: ${total.toLocaleString('en')} events per phase, batches of ${BATCH}, ${concurrency} in flight`);
  console.log(
    `  all ${rules} default rules on:  ${withRules.toFixed(1)} s → ${rate(withRules)} events/s (${alerts.cnt} alerts)`,
  );
  console.log(`  every rule off:        ${withoutRules.toFixed(1)} s → ${rate(withoutRules)} events/s`);
  console.log(`  server peak RSS after the rules-on phase: ${Math.round((memoryWith ?? 0) / 2 ** 20)} MiB`);
  console.log(`  events span ${(on.spanMs / 3_600_000).toFixed(1)} h of simulated time per phase`);
} finally {
  await server.stop();
}
