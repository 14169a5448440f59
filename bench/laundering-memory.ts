/**
 * The opposing-bet detector's memory at a high event rate (issue 18, item 8). Busy tables fed at
 * `rate` events a second (86 % bets, each on a side of a live-table round of 12 bets, members drawn
 * from 1,000,000, round stakes 10–2,000), the default setting (a day's window, an hour of lateness).
 * Within the first `seconds` nothing expires, so the heap after a GC divided by the bets held gives the
 * bytes per held bet (rounds, bets and the subjects they create); a day's figure follows from what the
 * detector keeps: every eligible bet of the window and the lateness. A second run with a short window
 * (5 min, lateness 1 min) over 20 simulated minutes shows the plateau (held rounds stop growing).
 *
 * Run: `node --expose-gc --import tsx bench/laundering-memory.ts [rate=20000] [seconds=30]`
 */
import os from 'node:os';
import { DEFAULT_LAUNDERING_SETTING, type OpposingBet, OpposingBetDetector, opposingRuleOf } from '@pitboss/engine';

const [rate = 20_000, seconds = 30] = process.argv.slice(2).map(Number);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const DENOMINATIONS = [10, 20, 50, 100, 200, 500, 1000, 2000];
let seed = 12345;
const rnd = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 4294967296;
};
let betNo = 0;
let roundNo = 0;
/** One simulated second of bets at `rate` events/s. */
function second(atMs: number, eventsPerSecond: number): OpposingBet[] {
  const bets: OpposingBet[] = [];
  const n = Math.round(eventsPerSecond * 0.86);
  while (bets.length < n) {
    const roundId = `r${roundNo++}`;
    const gameId = `BAC${roundNo % 5000}`;
    for (let k = 0; k < 12 && bets.length < n; k++) {
      bets.push({
        id: `b${betNo++}`,
        memberId: `m${Math.floor(rnd() * 1_000_000)}`,
        gameId,
        roundId,
        side: rnd() < 0.5 ? 'banker' : 'player',
        stake: DENOMINATIONS[Math.floor(rnd() * DENOMINATIONS.length)] as number,
        payout: 0,
        atMs,
        gameType: 'baccarat',
      });
    }
  }
  return bets;
}

const start = Date.UTC(2026, 10, 20);
const before = heap();
const detector = new OpposingBetDetector(opposingRuleOf(8, DEFAULT_LAUNDERING_SETTING));
const t0 = performance.now();
for (let s = 0; s < seconds; s++) detector.push(second(start + s * 1000, rate));
const cpuSeconds = (performance.now() - t0) / 1000;
const stats = detector.stats();
const bytes = heap() - before;
const perBet = bytes / stats.bets;
const windowPlusLate = DEFAULT_LAUNDERING_SETTING.LoopValue * 86_400 + 3_600;
const dayBets = rate * 0.86 * windowPlusLate;

// The plateau with a short window.
const short = new OpposingBetDetector(
  { ...opposingRuleOf(8, DEFAULT_LAUNDERING_SETTING), windowMs: 300_000 },
  { lateMs: 60_000 },
);
let peak = 0;
const samples: number[] = [];
for (let s = 0; s < 1200; s++) {
  short.push(second(start + s * 1000, 500));
  const r = short.stats().rounds;
  peak = Math.max(peak, r);
  if (s % 240 === 239) samples.push(r);
}

console.log(
  JSON.stringify(
    {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
      rate,
      seconds,
      held: stats,
      heapMiB: +(bytes / 2 ** 20).toFixed(1),
      bytesPerHeldBet: Math.round(perBet),
      betsPerCpuSecond: Math.round((rate * 0.86 * seconds) / cpuSeconds),
      dayAtRate: {
        heldBets: dayBets,
        projectedGiB: +((dayBets * perBet) / 2 ** 30).toFixed(1),
      },
      shortWindowPlateau: {
        roundsEvery4Min: samples,
        peakRounds: peak,
        boundRounds: Math.round((300 + 60 + 300 / 16 + 1) * Math.ceil((500 * 0.86) / 12)),
      },
    },
    null,
    2,
  ),
);
