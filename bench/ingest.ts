// Ingest benchmark (DESIGN §9): sustained events per second over HTTP, in batches of 1,000 with the
// simulator's mix, on the embedded database and on PostgreSQL, each beside a bare COPY of the same rows
// into the same database; the server's peak memory and CPU time per 1,000 events.
//
//   npm run bench:ingest -- [--db pglite|postgres|both] [--seconds 60] [--senders 4] [--events 200000]
import { parseArgs } from 'node:util';
import { eventRowsOf, startChildServer } from '@pitboss/server/testing';
import { copyCeilingPglite, copyCeilingPostgres } from './ingest/ceiling';
import { cpuSeconds, loadAverage } from './ingest/cpu';
import { runLoad } from './ingest/load';
import { eventPool } from './ingest/source';
import { type DatabaseKind, prepareTarget } from './ingest/targets';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
    senders: { type: 'string', default: '4' },
    events: { type: 'string', default: '200000' },
    batch: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '42' },
  },
});
const kinds: DatabaseKind[] = args.db === 'both' ? ['pglite', 'postgres'] : [args.db as DatabaseKind];
const seconds = Number(args.seconds);
const senders = Number(args.senders);

const mb = (bytes: number | null) => (bytes === null ? '?' : `${Math.round(bytes / 1024 / 1024)} MiB`);

async function api<T>(url: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

console.log(`Generating ${args.events} events with the simulator…`);
const pool = eventPool({ seed: Number(args.seed), events: Number(args.events), batchSize: Number(args.batch) });
console.log(`Mix: ${JSON.stringify(pool.counts)}`);

const results: string[] = [];
for (const kind of kinds) {
  const target = await prepareTarget(kind);
  const server = await startChildServer(target.env);
  try {
    const { token } = await api<{ token: string }>(server.url, '/api/v2/auth/login', {
      Account: 'admin',
      Password: target.env.PITBOSS_ADMIN_PASSWORD,
    });
    const key = (
      await api<{ data: { Key: string } }>(server.url, '/api/v2/system/ingest-keys', { Name: 'bench' }, token)
    ).data.Key;
    await fetch(`${server.url}/api/v2/ingest/games`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(pool.games),
    });

    const loadBefore = loadAverage();
    const cpu0 = { server: cpuSeconds(server.child.pid ?? 0), db: target.databaseCpu() };
    console.log(`[${kind}] ingesting for ${seconds} s with ${senders} senders (load average ${loadBefore})…`);
    const load = await runLoad(server, key, pool.bodies, { seconds, senders, warmupSeconds: Number(args.warmup) });
    const cpu = {
      server: cpuSeconds(server.child.pid ?? 0) - cpu0.server,
      db: target.databaseCpu() - cpu0.db,
    };
    const acknowledgedEvents = pool.batches.slice(0, load.acknowledged).flat();
    const peak = server.peakMemory();
    await server.kill('SIGTERM');

    const rows = eventRowsOf(acknowledgedEvents, { baseCurrency: 'USD', timeZone: 'Asia/Taipei', operatorType: 1 });
    const ceiling =
      kind === 'pglite'
        ? await copyCeilingPglite(target.dataDir as string, rows)
        : await copyCeilingPostgres(target.url as string, rows);

    const rate = (load.events / load.ms) * 1000;
    const copyRate = (ceiling.rows / ceiling.ms) * 1000;
    const perThousand = (s: number) => ((s / Math.max(1, acknowledgedEvents.length)) * 1000 * 1000).toFixed(0);
    const line = `| ${kind} | ${Math.round(rate).toLocaleString('en-US')} | ${Math.round(copyRate).toLocaleString('en-US')} | ${((rate / copyRate) * 100).toFixed(0)}% | ${load.p50} / ${load.p99} ms | ${mb(peak)} | ${perThousand(cpu.server)} / ${perThousand(cpu.db)} ms | ${load.shed} | ${loadBefore} → ${loadAverage()} |`;
    console.log(line);
    results.push(line);
  } finally {
    await server.kill('SIGKILL');
    await target.dispose();
  }
}
console.log(
  '\n| database | HTTP events/s | COPY rows/s | HTTP ÷ COPY | batch p50 / p99 | server peak RSS | CPU per 1,000 events (server / PostgreSQL) | 429s | load average before → after |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const line of results) console.log(line);
