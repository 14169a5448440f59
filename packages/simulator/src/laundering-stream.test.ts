import {
  DEFAULT_LAUNDERING_SETTING,
  type OpposingBet,
  OpposingBetDetector,
  type OpposingRaise,
  opposingRuleOf,
} from '@pitboss/engine';
import { describe, expect, it } from 'vitest';
import {
  createLaunderingStream,
  type LaunderingQuality,
  type LaunderingStream,
  type ScoredOpposingAlert,
  scoreLaunderingAlerts,
} from './laundering-stream';

/** Every alert (subject at its first level-1 raise) of the default setting over the stream, in batches. */
function detectDefault(stream: LaunderingStream, batch = 500): ScoredOpposingAlert[] {
  const detector = new OpposingBetDetector(opposingRuleOf(8, DEFAULT_LAUNDERING_SETTING));
  const alerts = new Map<string, ScoredOpposingAlert>();
  const note = (raises: OpposingRaise[]) => {
    for (const raise of raises) {
      if (alerts.has(raise.subject.key)) continue;
      const members =
        raise.subject.kind === 'ring'
          ? [raise.subject.members[0] as string, ...detector.accountsOf(raise.subject.key)]
          : raise.subject.members;
      alerts.set(raise.subject.key, { kind: raise.subject.kind, members, atMs: raise.atMs });
    }
  };
  for (let i = 0; i < stream.bets.length; i += batch) {
    const bets: OpposingBet[] = stream.bets.slice(i, i + batch).map((b) => ({
      id: b.id,
      memberId: b.memberId,
      gameId: b.gameId,
      roundId: b.roundId,
      side: b.side ?? '',
      stake: b.stake,
      payout: b.payout,
      atMs: Date.parse(b.at),
      gameType: b.gameType,
    }));
    note(detector.push(bets));
  }
  note(detector.flush());
  return [...alerts.values()];
}

// A smaller stream than the bench's (`bench/laundering-quality.ts`): 3 hours of 8 busy tables.
const stream = createLaunderingStream({
  seed: 11,
  start: new Date('2026-11-20T10:00:00Z'),
  hours: 3,
  tables: 8,
  honest: 300,
  pairs: 12,
  rings: 6,
});
let quality: LaunderingQuality | undefined;
const scored = () => {
  quality ??= scoreLaunderingAlerts(stream.truth, detectDefault(stream));
  return quality;
};

describe('laundering stream (busy tables with planted pairs and rings)', () => {
  it('is deterministic', () => {
    const again = createLaunderingStream({
      seed: 11,
      start: new Date('2026-11-20T10:00:00Z'),
      hours: 3,
      tables: 8,
      honest: 300,
      pairs: 12,
      rings: 6,
    });
    expect(again.bets.length).toBe(stream.bets.length);
    expect(again.truth).toEqual(stream.truth);
  });

  it('plants pairs and rings with noisy stakes and gaps among tables where honest players often oppose', () => {
    expect(stream.truth.filter((p) => p.kind === 'pair').length).toBe(12);
    expect(stream.truth.filter((p) => p.kind === 'ring').length).toBe(6);
    // Honest players stand on opposite sides with equal stakes in most rounds.
    expect(stream.honestOpposedRounds / stream.rounds).toBeGreaterThan(0.5);
    const byRound = new Map<string, typeof stream.bets>();
    for (const bet of stream.bets) {
      const key = `${bet.gameId}|${bet.roundId}`;
      byRound.set(key, [...(byRound.get(key) ?? []), bet]);
    }
    let noisy = 0;
    let gaps = 0;
    for (const plant of stream.truth) {
      expect(plant.rounds.length).toBeGreaterThanOrEqual(6);
      const ids = new Set(plant.memberIds);
      for (const round of plant.rounds) {
        const bets = (byRound.get(`${round.gameId}|${round.roundId}`) ?? []).filter((b) => ids.has(b.memberId));
        const first = bets[0];
        if (!first) throw new Error('a planted round without its bets');
        const mine = bets.filter((b) => b.side === first.side).reduce((s, b) => s + b.stake, 0);
        const theirs = bets.filter((b) => b.side !== first.side).reduce((s, b) => s + b.stake, 0);
        const difference = Math.abs(mine - theirs) / Math.max(mine, theirs);
        expect(difference).toBeLessThanOrEqual(0.07);
        if (difference > 0) noisy++;
      }
      // Gaps: the planted rounds are not consecutive rounds of one table.
      const numbers = plant.rounds.map((r) => Number(r.roundId.split('-').at(-1)));
      if (numbers.some((n, i) => i > 0 && n !== (numbers[i - 1] as number) + 1)) gaps++;
    }
    expect(noisy).toBeGreaterThan(stream.truth.length * 3);
    expect(gaps).toBeGreaterThanOrEqual(stream.truth.length * 0.8);
  });

  it('at the default setting: recall ≥ 0.95 of planted pairs and rings, each alerted by its third round', () => {
    const q = scored();
    expect(q.recall).toBeGreaterThanOrEqual(0.95);
    expect(q.missed).toEqual([]);
    expect(q.late).toEqual([]);
    expect(q.byThirdRound).toBe(q.planted);
  });

  // Not yet: the minimum opposed share (80 % of the rounds shared in the window and 10 minutes before it)
  // drops the honest regulars who share many more rounds than they match (precision 0.006 → 0.16 here),
  // but pairs and hubs who just sat down and happen to oppose in their first three shared rounds remain
  // (see bench/RESULTS.md "Opposing bets: quality"). `it.fails` turns red once the target is met.
  it.fails('at the default setting: precision ≥ 0.90 among honest players who often oppose', () => {
    expect(scored().precision).toBeGreaterThanOrEqual(0.9);
  });
});
