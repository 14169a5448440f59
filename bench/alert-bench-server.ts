/**
 * What the alert benchmarks share: a Pitboss server as a child process (as in production) on a
 * throwaway PostgreSQL cluster or an embedded database in a temporary folder, its admin's token and an
 * ingest key of company 1, and simulator batches prepared as request bodies before any timing starts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChildServer, startPgCluster } from '@pitboss/server/testing';
import { createSimulation } from '@pitboss/simulator';

export type DatabaseKind = 'postgres' | 'embedded';
const PASSWORD = 'bench-password-1';

export interface BenchServer {
  url: string;
  token: string;
  key: string;
  peakMemory(): number | null;
  stop(): Promise<void>;
}

export async function startBenchServer(kind: DatabaseKind, env: Record<string, string> = {}): Promise<BenchServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-bench-'));
  const cluster = kind === 'postgres' ? await startPgCluster({ fsync: true }) : undefined;
  const server = await startChildServer(
    {
      PITBOSS_ADMIN_PASSWORD: PASSWORD,
      PITBOSS_DATA_DIR: dir,
      PITBOSS_CONSOLE_DIR: dir,
      ...(cluster ? { DATABASE_URL: await cluster.createDatabase('bench') } : {}),
      ...env,
    },
    120_000,
  );
  const login = await fetch(`${server.url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Account: 'admin', Password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const created = await fetch(`${server.url}/api/v2/system/ingest-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ Name: 'bench' }),
  });
  const { data } = (await created.json()) as { data: { Key: string } };
  return {
    url: server.url,
    token,
    key: data.Key,
    peakMemory: () => server.peakMemory(),
    async stop() {
      await server.kill('SIGTERM');
      await cluster?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `count` simulator events in batches of `size`, as JSON bodies (ids prefixed so phases never collide). */
export function simulatorBodies(options: {
  seed: number;
  count: number;
  size: number;
  prefix: string;
  start: Date;
  members?: number;
  eventsPerSecond?: number;
}): { bodies: string[]; events: number; spanMs: number } {
  const simulation = createSimulation({
    seed: options.seed,
    start: options.start,
    members: options.members ?? 1_000,
    eventsPerSecond: options.eventsPerSecond ?? 30,
  });
  const bodies: string[] = [];
  let events = 0;
  let last = options.start.getTime();
  const far = new Date(options.start.getTime() + 30 * 86_400_000);
  for (const batch of simulation.batches(options.start, far, options.size)) {
    const take = batch.slice(0, options.count - events);
    for (const e of take) e.id = `${options.prefix}${e.id}`;
    bodies.push(JSON.stringify(take));
    events += take.length;
    last = Date.parse(take[take.length - 1]?.at ?? options.start.toISOString());
    if (events >= options.count) break;
  }
  return { bodies, events, spanMs: last - options.start.getTime() };
}

export async function post(url: string, key: string, body: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${url}/api/v2/ingest/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body,
    });
    if (res.status === 429) {
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    return;
  }
}

/** Sets every alert rule of company 1 on or off. */
export async function setAllRules(server: BenchServer, enabled: boolean): Promise<number> {
  const auth = { authorization: `Bearer ${server.token}` };
  const list = await fetch(`${server.url}/api/v2/monitor/alert-settings`, { headers: auth });
  const { data } = (await list.json()) as { data: { recordset: { EventID: number }[] } };
  for (const rule of data.recordset) {
    await fetch(`${server.url}/api/v2/monitor/alert-settings/${rule.EventID}/enabled`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ Enabled: enabled }),
    });
  }
  return data.recordset.length;
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}
