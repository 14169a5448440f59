/**
 * Issue 23 item 10: 10,000 alerts through the notification pipeline to real local sinks. Each alert is
 * raised by ingest (a 10,000 USD top-up by a member never seen before: one store alert per member), and
 * every event and level is configured to mail two addresses (the real SMTP sink) and to call one block API
 * (a local HTTP server standing in for the platform's webhook). Measures: ingest time, time until the
 * outbox is drained, deliveries per second, ack → block-call latency (p50/p99), mails vs digests under the
 * storm (per-recipient limit 10 a minute), the server's peak memory. Bounded: gives up after `limit` s.
 *
 * Run: `nice -n 10 npx tsx bench/notifications.ts [postgres|embedded] [alerts=10000] [limit=480]`
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpSink } from '@pitboss/server/testing';
import { type DatabaseKind, machine, post, startBenchServer } from './alert-bench-server';

const kind = (process.argv[2] ?? 'postgres') as DatabaseKind;
const alerts = Number(process.argv[3] ?? 10_000);
const limitS = Number(process.argv[4] ?? 480);
const BATCH = 500;

const sink = await startSmtpSink();
const calls = new Map<string, number>();
const hook = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { memberId: string };
    if (!calls.has(body.memberId)) calls.set(body.memberId, performance.now());
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/lock`;

const server = await startBenchServer(kind, {
  SMTP_URL: sink.url,
  PITBOSS_OUTBOUND_ALLOW: '127.0.0.1',
  PITBOSS_PUBLIC_URL: 'https://risk.example.com',
  LOG_LEVEL: 'warn',
});
const auth = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: auth,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: unknown };
}

try {
  const events = ((await call('GET', '/api/v2/notification/mail/alerts')).data as { recordset: { EventID: number }[] })
    .recordset;
  const EventIDs = events.map((e) => e.EventID);
  await call('POST', '/api/v2/notification/mail/configs', {
    EventIDs,
    Levels: [1, 2, 3],
    Mails: ['risk-a@example.com', 'risk-b@example.com'],
  });
  await call('PUT', '/api/v2/monitor/blacklist/token', { Token: 'bench-token-123456' });
  const api = (await call('POST', '/api/v2/monitor/blacklist/api', { Name: 'platform', IsLock: true, Url: hookUrl }))
    .data as { APIID: number };
  await call('POST', '/api/v2/notification/notify/block', { EventIDs, Levels: [1, 2, 3], APIs: [api.APIID] });

  const acked = new Map<string, number>();
  const began = performance.now();
  const wallBegan = Date.now();
  for (let b = 0; b < alerts / BATCH; b++) {
    const batch = Array.from({ length: BATCH }, (_, i) => ({
      type: 'purchase',
      id: `nb-${b}-${i}`,
      at: new Date(Date.now() - 1000).toISOString(),
      memberId: `nb-m-${b * BATCH + i}`,
      amount: 10_000,
      currency: 'USD',
    }));
    await post(server.url, server.key, JSON.stringify(batch));
    const now = performance.now();
    for (const e of batch) acked.set(e.memberId, now);
  }
  const ingestS = (performance.now() - began) / 1000;
  console.log(`ingested ${alerts} top-ups in ${ingestS.toFixed(1)} s`);

  // Wait until every member's lock call arrived and every alert reached both recipients, alone or in a
  // digest (a digest goes out when its minute is over), or the limit.
  const isDigest = (m: { subject: string }) => /more alerts|另有/.test(m.subject);
  const mailed = () =>
    sink.mails.reduce((n, m) => n + (isDigest(m) ? Number(/(\d+)/.exec(m.subject)?.[1] ?? 0) : 1), 0);
  let allMailedAt: number | null = null;
  while ((performance.now() - began) / 1000 < limitS) {
    await new Promise((r) => setTimeout(r, 500));
    if (allMailedAt === null && mailed() >= 2 * alerts) allMailedAt = performance.now();
    if (calls.size >= alerts && allMailedAt !== null) break;
  }
  // Alerts fanned out so far: each queued one block-API delivery (API rows of the delivery log).
  const count = async (query: string) =>
    ((await call('GET', `/api/v2/notification/deliveries?pageSize=1&${query}`)) as { cnt?: number }).cnt ?? -1;
  const fannedOut = await count('Channels=API');
  const apiSent = await count('Channels=API&Status=sent');
  const lastCall = Math.max(...calls.values());
  const firstCall = Math.min(...calls.values());
  // When the fan-out queued its last block call (the newest API row of the delivery log).
  const newest = (await call('GET', '/api/v2/notification/deliveries?pageSize=1&Channels=API')).data as {
    recordset: { CreateDate: string }[];
  };
  const fanOutDoneS = (Date.parse(newest.recordset[0]?.CreateDate ?? '') - wallBegan) / 1000;
  const drainS = (lastCall - began) / 1000;
  const latencies = [...calls.entries()].map(([m, at]) => at - (acked.get(m) ?? at)).sort((a, b) => a - b);
  const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const singles = sink.mails.filter((m) => !isDigest(m)).length;
  const digests = sink.mails.length - singles;
  const digested = mailed() - singles;
  const deliveries = calls.size + sink.mails.length;
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        kind,
        alerts,
        ingestSeconds: Number(ingestS.toFixed(1)),
        alertsFannedOut: fannedOut,
        blockCallsSentPerLog: apiSent,
        blockCalls: calls.size,
        blockCallsPerSecond: Number((calls.size / drainS).toFixed(0)),
        firstBlockCallAfterSeconds: Number(((firstCall - began) / 1000).toFixed(1)),
        fanOutDoneAfterSeconds: Number(fanOutDoneS.toFixed(1)),
        lastBlockCallAfterSeconds: Number(drainS.toFixed(1)),
        ackToBlockCallMs: { p50: Math.round(pct(0.5)), p99: Math.round(pct(0.99)), max: Math.round(pct(1)) },
        mails: { singles, digests, alertsInDigests: digested },
        everyAlertMailedAfterSeconds: allMailedAt === null ? null : Number(((allMailedAt - began) / 1000).toFixed(1)),
        deliveries,
        totalSeconds: Number(((performance.now() - began) / 1000).toFixed(1)),
        peakMemoryMB: server.peakMemory() === null ? null : Math.round((server.peakMemory() as number) / 2 ** 20),
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  await sink.close();
  hook.close();
}
