/**
 * The opposing-bet detector's memory at a high event rate (issue 18, item 8). Busy tables fed at
 * `rate` events a second (86 % bets, each on a side of a live-table round of 12 bets, members drawn
 * from 1,000,000, round stakes 10–2,000), the default setting (a day's window). The detector holds
 * (1) the bets of the open rounds (the 2-minute lateness), (2) each member's closed rounds of the
 * 10-minute share lookback, (3) the subjects (pairs and rings with a matched round in the window), at
 * most 2,000,000. Three runs over `seconds` give the bytes of each: nothing closing (open bets only),
 * no lookback (open bets and subjects), the default (all three); a day's figure follows from the counts
 * each part holds at steady state.
 *
 * Run: `node --expose-gc --import tsx bench/laundering-memory.ts [rate=20000] [seconds=60]`
 */
import os from 'node:os';
import { DEFAULT_LAUNDERING_SETTING, type OpposingBet, OpposingBetDetector, opposingRuleOf } from '@pitboss/engine';

const [rate = 20_000, seconds = 60] = process.argv.slice(2).map(Number);
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
const rule = opposingRuleOf(8, DEFAULT_LAUNDERING_SETTING);
const LATE_MS = 120_000;
/** Runs 2 and 3 close rounds after 10 s, so a short run holds subjects and members' rounds to weigh. */
const MEASURE_LATE_MS = 10_000;

/** Runs a detector over `seconds` of the stream at `rate`; its heap (after GC) and its sizes. */
function run(options: { lateMs: number; shareLookbackMs: number }) {
  seed = 12345;
  const before = heap();
  const detector = new OpposingBetDetector(
    { ...rule, shareLookbackMs: options.shareLookbackMs },
    { lateMs: options.lateMs },
  );
  const t0 = performance.now();
  for (let s = 0; s < seconds; s++) detector.push(second(start + s * 1000, rate));
  const cpuSeconds = (performance.now() - t0) / 1000;
  const bytes = heap() - before;
  const stats = detector.stats();
  return { bytes, stats, cpuSeconds, detector };
}

// 1. Nothing closes: the bytes of an open round's bet.
const open = run({ lateMs: 1e12, shareLookbackMs: rule.shareLookbackMs });
const perOpenBet = open.bytes / open.stats.bets;
// 2. Rounds close after 2 minutes, no lookback: the bytes of a subject (its matched rounds included).
const noLookback = run({ lateMs: MEASURE_LATE_MS, shareLookbackMs: 0 });
const perSubject = (noLookback.bytes - noLookback.stats.bets * perOpenBet) / noLookback.stats.subjects;
// 3. The default: the members' recent rounds of the 10-minute lookback as well.
const full = run({ lateMs: MEASURE_LATE_MS, shareLookbackMs: rule.shareLookbackMs });
const perPlayed =
  (full.bytes - full.stats.bets * perOpenBet - full.stats.subjects * perSubject) / Math.max(1, full.stats.playedRounds);

// A day at `rate`: open bets of the lateness (and a second's batch), members' rounds of the lookback (and
// 1/8 of it between sweeps), subjects up to the cap (2,000,000).
const betsPerSecond = rate * 0.86;
const dayOpenBets = betsPerSecond * (LATE_MS / 1000 + 1);
const dayPlayed = betsPerSecond * ((rule.shareLookbackMs * 9) / 8 / 1000);
const subjectsPerSecond = full.stats.subjects / seconds;
const daySubjects = Math.min(2_000_000, subjectsPerSecond * 86_400);
const dayBytes = dayOpenBets * perOpenBet + dayPlayed * perPlayed + daySubjects * perSubject;

console.log(
  JSON.stringify(
    {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
      rate,
      seconds,
      held: { nothingClosed: open.stats, noLookback: noLookback.stats, default: full.stats },
      heapMiB: {
        nothingClosed: +(open.bytes / 2 ** 20).toFixed(1),
        noLookback: +(noLookback.bytes / 2 ** 20).toFixed(1),
        default: +(full.bytes / 2 ** 20).toFixed(1),
      },
      bytesPerOpenBet: Math.round(perOpenBet),
      bytesPerSubject: Math.round(perSubject),
      bytesPerMemberRound: Math.round(perPlayed),
      betsPerCpuSecond: Math.round((betsPerSecond * seconds) / full.cpuSeconds),
      subjectsCreatedPerSecond: Math.round(subjectsPerSecond),
      dayAtRate: {
        openBets: dayOpenBets,
        memberRounds: dayPlayed,
        subjects: daySubjects,
        subjectCapReachedAfterSeconds: Math.round(2_000_000 / Math.max(1, subjectsPerSecond)),
        projectedGiB: +(dayBytes / 2 ** 30).toFixed(2),
      },
    },
    null,
    2,
  ),
);
