/**
 * Engine micro-benchmark: the seven default rules over a realistic mix (85 % bets), in batches of 1,000
 * shuffled within the batch, on one core. Members log in and register from their own addresses and
 * devices, sometimes from a few shared ones.
 * Run: `npx tsx bench/engine.ts [events=1e6] [members=20000] [hours=48] [rules=7]` (rules: the first n
 * default rules; -n: all but the first n).
 * Prints events per CPU second for `process` (events pre-normalised, as the server hands them over;
 * CPU time because the machine is shared, and GC threads count too) and the heap.
 */
import { DEFAULT_RULES, Engine, type EngineEvent } from '@pitboss/engine';

const total = Number(process.argv[2] ?? 1_000_000);
const members = Number(process.argv[3] ?? 20_000);
const hours = Number(process.argv[4] ?? 48);
const BATCH = 1_000;

let seed = 42;
/** mulberry32: a small seeded generator, so every run measures the same stream. */
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = (n: number) => Math.floor(random() * n);

const startTime = Date.parse('2026-11-01T00:00:00Z');
const span = hours * 3_600_000;

/** A member's address: mostly their own (one of two), sometimes one of a few shared ones (NAT, cafés). */
function ipOf(member: number): string {
  const host = random() < 0.1 ? pick(100) : member * 2 + pick(2);
  return `10.${(host >> 16) & 255}.${(host >> 8) & 255}.${host & 255}`;
}

function makeEvent(i: number): EngineEvent {
  const member = pick(members);
  const base = { id: `e${i}`, time: startTime + Math.floor((i / total) * span), memberId: `m${member}` };
  const r = random();
  const ip = r >= 0.85 && r < 0.92 ? ipOf(member) : '';
  if (r < 0.85) {
    const stake = 1 + pick(100);
    return { type: 'bet', ...base, stake, payout: random() < 0.48 ? stake * 2 : 0 };
  }
  if (r < 0.9) return { type: 'login', ...base, ip, success: random() < 0.95 };
  if (r < 0.92) return { type: 'register', ...base, ip, device: `d${member}` };
  if (r < 0.95) return { type: 'purchase', ...base, baseAmount: 10 + pick(2_000) };
  if (r < 0.98) return { type: 'transfer', ...base, baseAmount: 10 + pick(5_000) };
  return { type: 'bonus', ...base, points: 10 + pick(500) };
}

/** The next batch, shuffled: events of one batch arrive in any order. */
function makeBatch(from: number): EngineEvent[] {
  const batch = Array.from({ length: Math.min(BATCH, total - from) }, (_, j) => makeEvent(from + j));
  for (let j = batch.length - 1; j > 0; j--) {
    const k = pick(j + 1);
    [batch[j], batch[k]] = [batch[k] as EngineEvent, batch[j] as EngineEvent];
  }
  return batch;
}

const ruleCount = Number(process.argv[5] ?? 7);
const engine = new Engine({
  rules: ruleCount < 0 ? DEFAULT_RULES.slice(-ruleCount) : DEFAULT_RULES.slice(0, ruleCount),
});
let alerts = 0;
let cpuMicros = 0;
let expired = 0;
const started = performance.now();
for (let from = 0; from < total; from += BATCH) {
  const batch = makeBatch(from);
  const cpuStarted = process.cpuUsage();
  alerts += engine.process(batch).alerts.length;
  // The server expires idle states now and then (here every 100 batches).
  if ((from / BATCH) % 100 === 99) expired += engine.expire().length;
  const cpu = process.cpuUsage(cpuStarted);
  cpuMicros += cpu.user + cpu.system;
}
const seconds = (performance.now() - started) / 1000;
// CPU time of process() alone, not wall time: the machine is shared, and the figure is per core.
const cpuSeconds = cpuMicros / 1e6;
const heap = process.memoryUsage().heapUsed / 2 ** 20;

console.log(
  `${total.toLocaleString('en')} events, ${members.toLocaleString('en')} members, ${hours} h of event time: ` +
    `${Math.round(total / cpuSeconds).toLocaleString('en')} events per CPU second ` +
    `(${cpuSeconds.toFixed(2)} s CPU; ${seconds.toFixed(2)} s wall with generation), ` +
    `${alerts} alerts, ${engine.residentCount().toLocaleString('en')} resident states (${expired.toLocaleString('en')} expired), heap ${heap.toFixed(0)} MiB`,
);
