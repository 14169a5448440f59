/**
 * The slow reference of the game RTP detector: for every position it recomputes the window from all the
 * bets, its sums (exactly rounded), each side's CUSUM as the maximum suffix sum over the window by brute
 * force, and the raise decision from the levels of every earlier position of the window. It shares with
 * the detector only the statistics of `statistics.ts` (what a window's figures mean) and `windowStart`.
 */
import type { GameRtpRule, Level } from '@pitboss/contract';
import { exactSum } from '../exact-sum';
import { windowStart } from '../windows';
import { compareBets, type GameRtpAlert, type RtpBet, type RtpGame } from './game-rtp-detector';
import { cusumIncrement, judge, ratioMicros, ruleCovers, sidesOf } from './statistics';

export function oracleGameRtpAlerts(rules: readonly GameRtpRule[], games: readonly RtpGame[], bets: readonly RtpBet[]) {
  const alerts: GameRtpAlert[] = [];
  const sorted = [...bets].sort(compareBets);
  const gameIds = [...new Set(sorted.map((b) => b.gameId))];
  for (const rule of rules) {
    for (const gameId of gameIds) {
      const game = games.find((g) => g.gameId === gameId) ?? { gameId, gameType: null, expectedRtp: null };
      const expected = rule.ExpectedRTP ?? game.expectedRtp;
      if (expected === null || !ruleCovers(rule, gameId, game.gameType)) continue;
      const sides = sidesOf(rule, expected);
      const mine = sorted.filter((b) => b.gameId === gameId);
      const levels: { at: number; level: number }[] = [];
      mine.forEach((bet, t) => {
        const start = windowStart(bet.at, rule.TimeUnit, rule.LoopValue);
        const window = mine.slice(0, t + 1).filter((b) => b.at > start);
        const sums = {
          rounds: window.length,
          stake: exactSum(window.map((b) => b.stake)),
          payout: exactSum(window.map((b) => b.payout)),
          stakeSq: exactSum(window.map((b) => b.stake * b.stake)),
          payoutSq: exactSum(window.map((b) => b.payout * b.payout)),
          stakePayout: exactSum(window.map((b) => b.stake * b.payout)),
          maxRatioMicros: Math.max(0, ...window.map((b) => ratioMicros(b.stake, b.payout))),
        };
        const cusums = sides.map((side) => {
          let best = 0;
          for (let j = 0; j < window.length; j++) {
            let sum = 0;
            for (let i = j; i < window.length; i++) {
              const b = window[i] as RtpBet;
              sum += cusumIncrement(b.stake, b.payout, side.reference, side.sign);
            }
            best = Math.max(best, sum);
          }
          return best;
        });
        const judgement = judge(rule, expected, sides, sums, cusums);
        const earlier = Math.max(0, ...levels.filter((l) => l.at > start).map((l) => l.level));
        levels.push({ at: bet.at, level: judgement.level });
        if (judgement.level === 0 || judgement.level <= earlier || !judgement.stats) return;
        const { stats } = judgement;
        alerts.push({
          ruleId: rule.EventID,
          eventName: rule.EventName,
          gameId,
          level: judgement.level as Level,
          direction: judgement.direction,
          test: judgement.test,
          observedRtp: stats.observed,
          expectedRtp: expected,
          deviation: stats.observed - expected,
          stdError: stats.stdError,
          z: stats.z,
          cusum: judgement.cusum,
          band: judgement.band,
          confidence: judgement.confidence,
          rounds: sums.rounds,
          minRounds: rule.MinRounds,
          turnover: sums.stake,
          payout: sums.payout,
          windowStart: new Date(start).toISOString(),
          windowEnd: new Date(bet.at).toISOString(),
          eventId: bet.id,
        });
      });
    }
  }
  return sortAlerts(alerts);
}

export function alertOrderKey(a: GameRtpAlert): string {
  return `${a.ruleId}|${a.gameId}|${a.windowEnd}|${a.eventId}|${a.level}`;
}

export function sortAlerts(alerts: GameRtpAlert[]): GameRtpAlert[] {
  return [...alerts].sort((a, b) =>
    alertOrderKey(a) < alertOrderKey(b) ? -1 : alertOrderKey(a) > alertOrderKey(b) ? 1 : 0,
  );
}
