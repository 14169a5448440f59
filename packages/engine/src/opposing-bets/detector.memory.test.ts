import { describe, expect, it } from 'vitest';
import { OpposingBetDetector } from './detector';
import type { OpposingBet } from './types';

describe('OpposingBetDetector memory', () => {
  it('holds only the open rounds of the lateness and the matched rounds of the window, however long the stream', () => {
    const windowMs = 3_600_000;
    const lateMs = 600_000;
    const detector = new OpposingBetDetector(
      {
        eventId: 1,
        sidePairs: [['banker', 'player']],
        gameTypes: [],
        minStake: 0,
        tolerancePct: 10,
        windowMs,
        minSharePct: 80,
        shareLookbackMs: 600_000,
        levels: [{ level: 1, rounds: 3, matchedStake: 0, op: 'or' }],
      },
      { lateMs },
    );
    // 12 hours of one round a second on 4 tables; a pair of members always opposed, honest players around them.
    const start = Date.UTC(2026, 10, 1);
    let peakRounds = 0;
    let raised = 0;
    for (let s = 0; s < 12 * 3600; s += 60) {
      const batch: OpposingBet[] = [];
      for (let k = 0; k < 60; k++) {
        const at = start + (s + k) * 1000;
        const table = (s + k) % 4;
        const roundId = `r${s + k}`;
        const base = { gameId: `t${table}`, roundId, payout: 0, atMs: at };
        batch.push({ ...base, id: `a${s + k}`, memberId: `p${(s + k) % 50}`, side: 'banker', stake: 100 });
        batch.push({ ...base, id: `b${s + k}`, memberId: `q${(s + k) % 37}`, side: 'player', stake: 300 });
        if (table === 0) {
          batch.push({ ...base, id: `x${s + k}`, memberId: 'x', side: 'banker', stake: 1000 });
          batch.push({ ...base, id: `y${s + k}`, memberId: 'y', side: 'player', stake: 990 });
        }
      }
      raised += detector.push(batch).length;
      peakRounds = Math.max(peakRounds, detector.stats().rounds);
    }
    // A round a second: open rounds are those of the lateness (600 s) and the batch (60 s); the pair's
    // two subjects' (the pair x|y, and y against x and a p as a ring) matched rounds those of the window
    // and the lateness (one every 4 s), plus up to 1/16 window between sweeps.
    const stats = detector.stats();
    expect(peakRounds).toBeLessThanOrEqual(lateMs / 1000 + 60 + 1);
    expect(stats.subjects).toBe(2);
    expect(stats.subjectRounds).toBeLessThanOrEqual((2 * (windowMs + lateMs + windowMs / 16)) / 4000 + 2);
    // The members' recent rounds: those of the share lookback (600 s of 1 round a second, 2–4 bets each).
    expect(stats.playedRounds).toBeLessThanOrEqual(4 * (600 + 600 / 8 + 60));
    expect(raised).toBeGreaterThan(0);
  });
});
