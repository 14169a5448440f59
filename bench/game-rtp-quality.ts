/**
 * Game RTP detection quality (issue 17, item 8): the simulator's RTP streams (`createRtpStreams`: stable
 * games of every volatility class, jackpot slots included, beside games with a planted 2–5 point drift
 * from a moment on) scored with `scoreGame` at the default rule, and the fixed rule some regulators use
 * (investigate when |actual − theoretical| ≥ 3 points over 100,000 games) on the same streams. Prints a
 * Markdown table: per class σ, rounds to detection (median, worst) of drifts ≥ 3 points vs theory, drifts
 * caught, false alarms per 100 stable game-days — for Pitboss and for the fixed rule.
 *
 * Run: `npx tsx bench/game-rtp-quality.ts [seed=1] [days=2] [scale=1]` (scale multiplies rounds a day).
 */
import type { GameRtpRule } from '@pitboss/contract';
import { DEFAULT_GAME_RTP_RULES, normalQuantile, roundsNeeded, scoreGame } from '@pitboss/engine';
import { createRtpStreams, VOLATILITY_CLASSES, type Volatility } from '@pitboss/simulator';
import { machine } from './alert-bench-server';

const seed = Number(process.argv[2] ?? 1);
const days = Number(process.argv[3] ?? 2);
const scale = Number(process.argv[4] ?? 1);
const ROUNDS: Record<Volatility, number> = {
  low: 100_000 * scale,
  medium: 200_000 * scale,
  high: 500_000 * scale,
  jackpot: 800_000 * scale,
};
const rules: GameRtpRule[] = DEFAULT_GAME_RTP_RULES.map((rule, i) => ({ EventID: i + 1, ...rule }));
const level1 = rules[0]?.Levels.find((l) => l.Level === 1);
const zAlpha = normalQuantile(level1?.Confidence ?? 0.999);
const zBeta = normalQuantile(0.8);

const started = Date.now();
const streams = createRtpStreams({
  seed,
  start: new Date('2026-03-01T00:00:00Z'),
  days,
  stablePerClass: 6,
  driftedPerClass: 4,
  driftPoints: [2, 5],
  roundsPerDay: ROUNDS,
});
const rows = streams.games.map((game) => ({
  game,
  outcome: scoreGame(
    rules,
    {
      gameId: game.gameId,
      gameType: game.gameType,
      expectedRtp: game.expectedRtp,
      driftFrom: game.drift ? Date.parse(game.drift.from) : null,
    },
    streams.bets(game.gameId),
  ),
}));
const seconds = (Date.now() - started) / 1000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] as number) : Number.NaN;
};
const fmt = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—');

console.log(
  `seed ${seed}, ${days} days, rounds a day per game: ${VOLATILITY_CLASSES.map((v) => `${v} ${fmt(ROUNDS[v])}`).join(', ')}`,
);
console.log(
  `${rows.reduce((s, r) => s + r.outcome.rounds, 0).toLocaleString('en-US')} rounds scored in ${seconds.toFixed(0)} s; ${machine()}`,
);
console.log('');
console.log(
  '| class | σ | drifts ≥ 3 pts caught (Pitboss / fixed) | rounds to detection, median / worst (Pitboss) | theory: window z-test at 99.9 %, 80 % power (median drift) | 19,600·σ² (2 pts, 95 %) | fixed rule: median / worst | 2-point drifts caught (Pitboss / fixed) | false alarms per 100 stable game-days (Pitboss / fixed) |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const volatility of VOLATILITY_CLASSES) {
  const mine = rows.filter((r) => r.game.volatility === volatility);
  const sigma = mine[0]?.game.sigma ?? Number.NaN;
  const big = mine.filter((r) => r.game.drift && Math.abs(r.game.drift.points) >= 3);
  const small = mine.filter((r) => r.game.drift && Math.abs(r.game.drift.points) < 3);
  const caught = big.filter((r) => r.outcome.roundsToDetection !== null);
  const fixedCaught = big.filter((r) => r.outcome.fixedRoundsToDetection !== null);
  const detection = caught.map((r) => r.outcome.roundsToDetection as number);
  const fixedDetection = fixedCaught.map((r) => r.outcome.fixedRoundsToDetection as number);
  const medianPoints = median(big.map((r) => Math.abs(r.game.drift?.points ?? 0)));
  const stable = mine.filter((r) => !r.game.drift);
  const gameDays = stable.length * days;
  const falseAlarms = stable.reduce((s, r) => s + r.outcome.falseAlarms, 0);
  const fixedFalse = stable.reduce((s, r) => s + r.outcome.fixedFalseAlarms, 0);
  console.log(
    `| ${volatility} | ${sigma.toFixed(2)} | ${caught.length}/${big.length} / ${fixedCaught.length}/${big.length} | ${fmt(median(detection))} / ${fmt(detection.length ? Math.max(...detection) : Number.NaN)} | ${fmt(roundsNeeded(sigma, medianPoints, zAlpha, zBeta))} (${medianPoints.toFixed(1)} pts) | ${fmt(19_600 * sigma * sigma)} | ${fmt(median(fixedDetection))} / ${fmt(fixedDetection.length ? Math.max(...fixedDetection) : Number.NaN)} | ${small.filter((r) => r.outcome.roundsToDetection !== null).length}/${small.length} / ${small.filter((r) => r.outcome.fixedRoundsToDetection !== null).length}/${small.length} | ${((100 * falseAlarms) / gameDays).toFixed(1)} / ${((100 * fixedFalse) / gameDays).toFixed(1)} (${gameDays} game-days) |`,
  );
}
