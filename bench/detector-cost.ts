/**
 * What the player-alert detectors cost inside ingestion, measured in-process (no HTTP): simulator
 * batches of 1,000 go through the event store (`app.eventStore.store`) one after another with every
 * default rule on; the detectors' own timers say how much of each batch they take. Then:
 * - the rebuild by replay (the company's engine forgotten, as after a restart): events replayed per second;
 * - the alternative to rebuilding after a rolled-back batch: copying, before each batch, the states the
 *   batch will touch (`snapshotState`), measured on a stand-alone engine fed the same events.
 *
 * Run: `npx tsx bench/detector-cost.ts [postgres|embedded] [events=300000] [members=1000]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IngestEvent } from '@pitboss/contract';
import { DEFAULT_RULES, Engine, type EngineEvent, stateKey, toEngineEvent } from '@pitboss/engine';
import { bootstrap, buildApp, loadConfig, migrate, openDatabase } from '@pitboss/server';
import { startPgCluster } from '@pitboss/server/testing';
import { createSimulation } from '@pitboss/simulator';
import { machine } from './alert-bench-server';

const kind = process.argv[2] ?? 'postgres';
const total = Number(process.argv[3] ?? 300_000);
const members = Number(process.argv[4] ?? 1_000);
const BATCH = 1_000;

const start = new Date(Date.now() - 3 * 86_400_000);
const simulation = createSimulation({ seed: 5, start, members, eventsPerSecond: 30 });
const batches: IngestEvent[][] = [];
let count = 0;
for (const batch of simulation.batches(start, new Date(start.getTime() + 30 * 86_400_000), BATCH)) {
  batches.push(batch);
  count += batch.length;
  if (count >= total) break;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-detector-cost-'));
const cluster = kind === 'postgres' ? await startPgCluster({ fsync: true }) : undefined;
const url = cluster ? await cluster.createDatabase('bench') : undefined;
const db = await openDatabase({ url, dataDir: dir });
await migrate(db);
const config = loadConfig({ PITBOSS_DATA_DIR: dir, PITBOSS_ADMIN_PASSWORD: 'bench-password-1', LOG_LEVEL: 'warn' });
const app = await buildApp({ config, db, logger: false });
await bootstrap(app);
await app.ready();

try {
  const detectors = app.playerDetection;
  const began = performance.now();
  for (const batch of batches) await app.eventStore.store(1, batch);
  const seconds = (performance.now() - began) / 1000;
  const s = { ...detectors.stats };
  const resident = detectors.residentStates();
  const heap = process.memoryUsage();

  // Rebuild by replay, as after a restart: the next batch replays the horizon first.
  detectors.forget(1);
  const extra = simulation.batches(
    new Date(Date.parse(batches.at(-1)?.at(-1)?.at ?? '') + 1),
    new Date(8.64e15),
    BATCH,
  );
  const next = extra[Symbol.iterator]().next().value as IngestEvent[];
  await app.eventStore.store(1, next);
  const replay = detectors.replays.get(1);

  // The per-batch copy a rollback-safe engine would need instead.
  const engine = new Engine({ rules: DEFAULT_RULES });
  let copyMs = 0;
  let processMs = 0;
  let copied = 0;
  const types: Record<EngineEvent['type'], [number, 'member' | 'ip' | 'device'][]> = {
    bet: [
      [1, 'member'],
      [2, 'member'],
    ],
    login: [[3, 'ip']],
    register: [
      [4, 'ip'],
      [4, 'device'],
    ],
    purchase: [[5, 'member']],
    transfer: [[6, 'member']],
    bonus: [[7, 'member']],
  };
  for (const batch of batches) {
    const events = batch.map((e) => toEngineEvent(e, e.type === 'purchase' || e.type === 'transfer' ? e.amount : null));
    const t0 = performance.now();
    const keys = new Set<string>();
    for (const e of events) {
      for (const [rule, subject] of types[e.type]) {
        const id =
          subject === 'member'
            ? e.memberId
            : subject === 'ip'
              ? (e as { ip: string }).ip
              : (e as { device?: string }).device;
        if (id !== undefined) keys.add(stateKey(rule, subject, id));
      }
    }
    for (const key of keys) if (engine.snapshotState(key)) copied++;
    const t1 = performance.now();
    engine.process(events);
    copyMs += t1 - t0;
    processMs += performance.now() - t1;
  }

  const per = (ms: number) => (ms / (s.events / BATCH)).toFixed(2);
  console.log(`machine: ${machine()}`);
  console.log(`${kind}: ${count.toLocaleString('en')} events (${members} members) in batches of ${BATCH}, in-process`);
  console.log(
    `  ingest with every default rule on: ${seconds.toFixed(1)} s → ${Math.round(count / seconds).toLocaleString('en')} events/s`,
  );
  console.log(
    `  detectors: ${per(s.detectMs)} ms per batch (${((s.detectMs / 1000 / seconds) * 100).toFixed(1)} % of the time), of which the engine ${per(s.engineMs)} ms`,
  );
  console.log(
    `  resident states: ${resident.states.toLocaleString('en')}; heap ${Math.round(heap.heapUsed / 2 ** 20)} MiB, RSS ${Math.round(heap.rss / 2 ** 20)} MiB`,
  );
  if (replay) {
    console.log(
      `  rebuild by replay: ${replay.events.toLocaleString('en')} events in ${(replay.ms / 1000).toFixed(1)} s → ${Math.round(replay.events / (replay.ms / 1000)).toLocaleString('en')} events/s (${replay.storedBefore} alerts found stored, ${replay.suppressed} suppressed)`,
    );
  }
  console.log(
    `  copying the states a batch touches before it (rollback without rebuild): ${(copyMs / batches.length).toFixed(2)} ms per batch (${copied.toLocaleString('en')} states) vs ${(processMs / batches.length).toFixed(2)} ms to process it`,
  );
} finally {
  await app.close();
  await db.close();
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}
