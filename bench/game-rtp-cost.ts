/**
 * What game RTP detection costs at ingest (issue 17, item 9: within 10 % of the figure without it):
 * simulator events (≈ 86 % bets) in batches of 1,000 over HTTP, phases alternating game detection on
 * (the company's game RTP rules enabled) and off (every game rule disabled, so the game processor finds
 * no rule), the player rules left as they are in both. Interleaved so the machine's load hits both alike.
 *
 * Run: `nice -n 10 npx tsx bench/game-rtp-cost.ts [postgres|embedded] [events per phase=40000] [pairs=3] [concurrency=4]`
 */
import {
  type BenchServer,
  type DatabaseKind,
  machine,
  post,
  simulatorBodies,
  startBenchServer,
} from './alert-bench-server';

const kind = (process.argv[2] ?? 'postgres') as DatabaseKind;
const perPhase = Number(process.argv[3] ?? 40_000);
const pairs = Number(process.argv[4] ?? 3);
const concurrency = Number(process.argv[5] ?? 4);
const BATCH = 1_000;

async function run(url: string, key: string, bodies: string[]): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) await post(url, key, bodies[next++] as string);
    }),
  );
  return (performance.now() - started) / 1000;
}

interface GameRule {
  EventID: number;
  Enabled: boolean;
  [field: string]: unknown;
}

/** Switches every game RTP rule on or off through the rules API; answers how many there are. */
async function setGameRules(server: BenchServer, enabled: boolean): Promise<number> {
  const auth = { authorization: `Bearer ${server.token}` };
  const list = await fetch(`${server.url}/api/v2/monitor/game-rtp-settings`, { headers: auth });
  const rules = ((await list.json()) as { data: { recordset: GameRule[] } }).data.recordset;
  for (const rule of rules) {
    const { EventID, EventType, TypeName, CreateDate, UpdateDate, UpdatedBy, ...body } = rule;
    const res = await fetch(`${server.url}/api/v2/monitor/game-rtp-settings/${EventID}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, Enabled: enabled }),
    });
    if (!res.ok) throw new Error(`PUT game rule ${EventID}: ${res.status} ${await res.text()}`);
  }
  return rules.length;
}

const start = new Date(Date.now() - 2 * 86_400_000);
const server = await startBenchServer(kind);
try {
  const warm = simulatorBodies({ seed: 3, count: 10 * BATCH, size: BATCH, prefix: 'warm-', start });
  await run(server.url, server.key, warm.bodies);
  const seconds = { on: [] as number[], off: [] as number[] };
  let rules = 0;
  for (let pair = 0; pair < pairs; pair++) {
    for (const phase of pair % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      rules = await setGameRules(server, phase === 'on');
      const { bodies } = simulatorBodies({
        seed: 10 + pair * 2 + (phase === 'on' ? 0 : 1),
        count: perPhase,
        size: BATCH,
        prefix: `${phase}${pair}-`,
        start,
      });
      const s = await run(server.url, server.key, bodies);
      seconds[phase].push(s);
      console.log(
        `  pair ${pair + 1} game detection ${phase}: ${Math.round(perPhase / s).toLocaleString('en')} events/s`,
      );
    }
  }
  const rate = (list: number[]) => (perPhase * list.length) / list.reduce((a, b) => a + b, 0);
  const on = rate(seconds.on);
  const off = rate(seconds.off);
  console.log(`machine: ${machine()}`);
  console.log(
    `${kind}: ${pairs} interleaved pairs × ${perPhase.toLocaleString('en')} events per phase, batches of ${BATCH}, ${concurrency} in flight, ${rules} game rule(s)`,
  );
  console.log(`  game detection on:  ${Math.round(on).toLocaleString('en')} events/s`);
  console.log(`  game detection off: ${Math.round(off).toLocaleString('en')} events/s`);
  console.log(`  cost: ${(((off - on) / off) * 100).toFixed(1)} % (target ≤ 10 %)`);
} finally {
  await server.stop();
}
