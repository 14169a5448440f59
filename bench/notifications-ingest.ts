/**
 * Issue 23 item 10: "the ingest figure with notifications configured stays within 10 % of without".
 * One Pitboss server (child process), default alert rules on. Each phase posts the same kind of load:
 * simulator events (1,000 members, the default mix) in batches of 1,000 over HTTP, `concurrency` in flight,
 * with 1 % of each batch being a 10,000 USD top-up by a member never seen before (one store alert each),
 * so every phase raises alerts at a steady rate. Phases alternate: without notification settings, then
 * with every event and level mailed to two addresses (the real SMTP sink) and calling one block API (a
 * local HTTP server): the notification pipeline runs while ingest is measured. After a phase "with", the
 * run waits until every block call of that phase arrived, so the next phase starts with an empty outbox.
 *
 * Run: `nice -n 10 npx tsx bench/notifications-ingest.ts [postgres|embedded] [events=40000] [rounds=3] [concurrency=4]`
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpSink } from '@pitboss/server/testing';
import { type DatabaseKind, machine, post, simulatorBodies, startBenchServer } from './alert-bench-server';

const kind = (process.argv[2] ?? 'postgres') as DatabaseKind;
const total = Number(process.argv[3] ?? 40_000);
const rounds = Number(process.argv[4] ?? 3);
const concurrency = Number(process.argv[5] ?? 4);
const BATCH = 1_000;
const TOPUPS = BATCH / 100;

const sink = await startSmtpSink();
const calls = new Set<string>();
const hook = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    calls.add((JSON.parse(Buffer.concat(chunks).toString()) as { memberId: string }).memberId);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/lock`;

/** Simulator batches with `TOPUPS` alert-raising top-ups mixed into each. */
function phaseBodies(seed: number, prefix: string, start: Date): { bodies: string[]; topups: string[] } {
  const { bodies } = simulatorBodies({
    seed,
    count: total - (total / BATCH) * TOPUPS,
    size: BATCH - TOPUPS,
    prefix,
    start,
  });
  const topups: string[] = [];
  const mixed = bodies.map((body, b) => {
    const events = JSON.parse(body) as { at: string }[];
    const at = events[events.length - 1]?.at ?? start.toISOString();
    const extra = Array.from({ length: TOPUPS }, (_, i) => {
      const memberId = `${prefix}topup-${b}-${i}`;
      topups.push(memberId);
      return { type: 'purchase', id: `${prefix}t-${b}-${i}`, at, memberId, amount: 10_000, currency: 'USD' };
    });
    return JSON.stringify([...events, ...extra]);
  });
  return { bodies: mixed, topups };
}

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

const start = new Date(Date.now() - 2 * 86_400_000);
console.log(`preparing ${2 * rounds + 1} phases of ${total} events…`);
const phases = Array.from({ length: 2 * rounds }, (_, i) => phaseBodies(10 + i, `p${i}-`, start));
const warm = phaseBodies(3, 'warm-', start);

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
  const pairs = EventIDs.flatMap((EventID) => [1, 2, 3].map((Level) => ({ EventID, Level })));
  await call('PUT', '/api/v2/monitor/blacklist/token', { Token: 'bench-token-123456' });
  const api = (await call('POST', '/api/v2/monitor/blacklist/api', { Name: 'platform', IsLock: true, Url: hookUrl }))
    .data as { APIID: number };
  const configure = async (on: boolean) => {
    if (on) {
      await call('POST', '/api/v2/notification/mail/configs', {
        EventIDs,
        Levels: [1, 2, 3],
        Mails: ['risk-a@example.com', 'risk-b@example.com'],
      });
      await call('POST', '/api/v2/notification/notify/block', { EventIDs, Levels: [1, 2, 3], APIs: [api.APIID] });
    } else {
      await call('DELETE', '/api/v2/notification/mail/configs', { EventLevel_UDT: pairs });
      await call('DELETE', '/api/v2/notification/notify/block', { EventLevel_UDT: pairs });
    }
  };

  await run(server.url, server.key, warm.bodies);
  const results: { notify: boolean; seconds: number; drainedAfter: number | null }[] = [];
  for (const [i, phase] of phases.entries()) {
    const notify = i % 2 === 1;
    await configure(notify);
    const seconds = await run(server.url, server.key, phase.bodies);
    let drainedAfter: number | null = null;
    if (notify) {
      const ended = performance.now();
      const deadline = ended + 120_000;
      while (performance.now() < deadline && !phase.topups.every((m) => calls.has(m))) {
        await new Promise((r) => setTimeout(r, 200));
      }
      drainedAfter = phase.topups.every((m) => calls.has(m)) ? (performance.now() - ended) / 1000 : null;
      await configure(false);
    }
    await new Promise((r) => setTimeout(r, 2000));
    results.push({ notify, seconds, drainedAfter });
    console.log(
      `phase ${i + 1}: notifications ${notify ? 'on ' : 'off'}  ${seconds.toFixed(1)} s → ${Math.round(total / seconds)} events/s` +
        (notify
          ? `; last block call ${drainedAfter === null ? 'not within 120 s' : `${drainedAfter.toFixed(1)} s after`}`
          : ''),
    );
  }
  const rate = (list: typeof results) => list.map((r) => total / r.seconds);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const off = rate(results.filter((r) => !r.notify));
  const on = rate(results.filter((r) => r.notify));
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        kind,
        eventsPerPhase: total,
        alertsPerPhase: (total / BATCH) * TOPUPS,
        concurrency,
        withoutEventsPerSecond: off.map(Math.round),
        withEventsPerSecond: on.map(Math.round),
        meanWithout: Math.round(mean(off)),
        meanWith: Math.round(mean(on)),
        withVsWithout: Number((mean(on) / mean(off)).toFixed(3)),
        blockCalls: calls.size,
        mails: sink.mails.length,
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
