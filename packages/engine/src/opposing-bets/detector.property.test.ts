import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oracleLevels } from '../testing/opposing-oracle';
import { OpposingBetDetector } from './detector';
import type { OpposingBet, OpposingRaise, OpposingRule } from './types';

const BASE = Date.UTC(2026, 10, 1);
const MIN = 60_000;

const ruleArb: fc.Arbitrary<OpposingRule> = fc.record({
  eventId: fc.constant(1),
  sidePairs: fc.constant([
    ['banker', 'player'],
    ['big', 'small'],
  ] as const),
  gameTypes: fc.constantFrom([], ['baccarat']),
  minStake: fc.constantFrom(0, 50),
  tolerancePct: fc.constantFrom(0, 5, 10, 20),
  windowMs: fc.constantFrom(10 * MIN, 30 * MIN),
  minSharePct: fc.constantFrom(0, 50, 75, 100),
  shareLookbackMs: fc.constantFrom(0, 4 * MIN, 12 * MIN),
  levels: fc.constantFrom(
    [
      { level: 1 as const, rounds: 2, matchedStake: 0, op: 'or' as const },
      { level: 2 as const, rounds: 3, matchedStake: 0, op: 'or' as const },
      { level: 3 as const, rounds: 4, matchedStake: 500, op: 'and' as const },
    ],
    [{ level: 1 as const, rounds: 0, matchedStake: 300, op: 'or' as const }],
  ),
});

/** Bets of a few members on a few rounds; every bet of a round at the round's time. */
const betsArb: fc.Arbitrary<OpposingBet[]> = fc
  .array(
    fc.record({
      member: fc.integer({ min: 0, max: 5 }),
      game: fc.integer({ min: 0, max: 1 }),
      round: fc.integer({ min: 0, max: 9 }),
      side: fc.constantFrom('banker', 'Player', 'big', 'small', 'tie'),
      stake: fc.constantFrom(40, 50, 55, 100, 104, 110, 150, 200),
      gameType: fc.constantFrom('baccarat', 'sicbo', undefined),
    }),
    { maxLength: 60 },
  )
  .chain((raw) =>
    fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 20, maxLength: 20 }).map((times) =>
      raw.map(
        (r, n): OpposingBet => ({
          id: `b${n}`,
          memberId: `m${r.member}`,
          gameId: `g${r.game}`,
          roundId: `r${r.round}`,
          side: r.side,
          stake: r.stake,
          payout: 0,
          atMs: BASE + (times[r.game * 10 + r.round] as number) * 4 * MIN,
          gameType: r.gameType,
        }),
      ),
    ),
  );

function fold(raises: readonly OpposingRaise[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of raises) {
    const key = `${r.subject.key}|${r.roundKey}`;
    out.set(key, Math.max(out.get(key) ?? 0, r.level));
  }
  return out;
}

/** Splits `items` at the given cut points (fractions of its length). */
function cut<T>(items: readonly T[], cuts: readonly number[]): T[][] {
  const points = [...new Set(cuts.map((c) => Math.floor(c * items.length)))].sort((a, b) => a - b);
  const out: T[][] = [];
  let from = 0;
  for (const p of points) {
    out.push(items.slice(from, p));
    from = p;
  }
  out.push(items.slice(from));
  return out;
}

describe('OpposingBetDetector against the oracle', () => {
  it('raises the same whatever the order and the batch boundaries', () => {
    fc.assert(
      fc.property(
        ruleArb,
        betsArb,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }),
        fc.array(fc.integer(), { minLength: 60, maxLength: 60 }),
        (rule, bets, cuts, keys) => {
          const shuffled = bets
            .map((b, n) => ({ b, k: keys[n] as number }))
            .sort((x, y) => x.k - y.k)
            .map((x) => x.b);
          const detector = new OpposingBetDetector(rule, { lateMs: 1e12 });
          const raises = cut(shuffled, cuts).flatMap((batch) => detector.push(batch));
          raises.push(...detector.flush());
          expect(fold(raises)).toEqual(oracleLevels(rule, bets));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('raises the same after restarts that replay the retention span, and stays bounded', () => {
    fc.assert(
      fc.property(
        ruleArb,
        betsArb,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        (rule, bets, cuts, restarts) => {
          const inOrder = [...bets].sort((a, b) => a.atMs - b.atMs);
          const lateMs = MIN;
          let detector = new OpposingBetDetector(rule, { lateMs });
          const seen: OpposingBet[] = [];
          const raises: OpposingRaise[] = [];
          cut(inOrder, cuts).forEach((batch, n) => {
            raises.push(...detector.push(batch));
            seen.push(...batch);
            if (restarts[n] && seen.length > 0) {
              const newest = Math.max(...seen.map((b) => b.atMs));
              const from = newest - detector.retentionMs;
              detector = new OpposingBetDetector(rule, { lateMs, replayFromMs: from });
              raises.push(...detector.push(seen.filter((b) => b.atMs >= from)));
            }
          });
          // Bounded: only the rounds of the lateness are held.
          const stats = detector.stats();
          const live = new Set(
            inOrder.filter((b) => b.atMs >= detector.watermark).map((b) => `${b.gameId}|${b.roundId}`),
          );
          expect(stats.rounds).toBeLessThanOrEqual(live.size);
          raises.push(...detector.flush());
          expect(fold(raises)).toEqual(oracleLevels(rule, bets));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds a ring: one member against two accounts splitting the other side', () => {
    const rule: OpposingRule = {
      eventId: 9,
      sidePairs: [['banker', 'player']],
      gameTypes: [],
      minStake: 0,
      tolerancePct: 5,
      windowMs: 86_400_000,
      minSharePct: 80,
      shareLookbackMs: 600_000,
      levels: [{ level: 1, rounds: 3, matchedStake: 0, op: 'or' }],
    };
    const detector = new OpposingBetDetector(rule);
    const bets: OpposingBet[] = [];
    for (let r = 0; r < 3; r++) {
      const at = BASE + r * MIN;
      const base = { gameId: 'g', roundId: `r${r}`, payout: 0, atMs: at };
      bets.push({ ...base, id: `h${r}`, memberId: 'hub', side: 'banker', stake: 1000 });
      bets.push({ ...base, id: `a${r}`, memberId: 'acc1', side: 'player', stake: 600 });
      bets.push({ ...base, id: `b${r}`, memberId: 'acc2', side: 'player', stake: 390 });
    }
    expect(detector.push(bets)).toEqual([]);
    const raises = detector.flush();
    expect(raises).toHaveLength(1);
    expect(raises[0]?.subject).toEqual({ kind: 'ring', key: 'ring:hub', members: ['hub', 'acc1', 'acc2'] });
    expect(raises[0]?.rounds).toBe(3);
  });

  it('raises a pair at its third repeated round', () => {
    const rule: OpposingRule = {
      eventId: 9,
      sidePairs: [['banker', 'player']],
      gameTypes: [],
      minStake: 0,
      tolerancePct: 10,
      windowMs: 86_400_000,
      minSharePct: 80,
      shareLookbackMs: 600_000,
      levels: [{ level: 1, rounds: 3, matchedStake: 0, op: 'or' }],
    };
    const detector = new OpposingBetDetector(rule);
    const round = (r: number): OpposingBet[] => [
      {
        id: `x${r}`,
        memberId: 'x',
        gameId: 'g',
        roundId: `r${r}`,
        side: 'banker',
        stake: 100,
        payout: 0,
        atMs: BASE + r,
      },
      {
        id: `y${r}`,
        memberId: 'y',
        gameId: 'g',
        roundId: `r${r}`,
        side: 'player',
        stake: 95,
        payout: 195,
        atMs: BASE + r,
      },
    ];
    expect(detector.push(round(1))).toEqual([]);
    expect(detector.push(round(2))).toEqual([]);
    expect(detector.push(round(3))).toEqual([]);
    // The round closes once the clock passes it by the lateness (2 minutes by default).
    const raised = detector.push([], BASE + 3 + 120_001);
    expect(raised.map((r) => [r.subject.key, r.level, r.rounds, r.sharedRounds, r.netMoved])).toEqual([
      ['pair:x|y', 1, 3, 3, 300],
    ]);
  });

  it('does not raise honest regulars who oppose now and then but share many more rounds', () => {
    const rule: OpposingRule = {
      eventId: 9,
      sidePairs: [['banker', 'player']],
      gameTypes: [],
      minStake: 0,
      tolerancePct: 10,
      windowMs: 86_400_000,
      minSharePct: 80,
      shareLookbackMs: 600_000,
      levels: [{ level: 1, rounds: 3, matchedStake: 0, op: 'or' }],
    };
    const detector = new OpposingBetDetector(rule);
    const bets: OpposingBet[] = [];
    // x and y sit at one table for 20 rounds; opposed with equal stakes in every 4th, on one side otherwise.
    for (let r = 0; r < 20; r++) {
      const base = { gameId: 'g', roundId: `r${r}`, payout: 0, atMs: BASE + r * MIN };
      bets.push({ ...base, id: `x${r}`, memberId: 'x', side: 'banker', stake: 100 });
      bets.push({ ...base, id: `y${r}`, memberId: 'y', side: r % 4 === 0 ? 'player' : 'banker', stake: 100 });
    }
    expect([...detector.push(bets), ...detector.flush()]).toEqual([]);
    const loose = new OpposingBetDetector({ ...rule, minSharePct: 0 });
    expect([...loose.push(bets), ...loose.flush()].map((r) => r.rounds)).toEqual([3, 4, 5]);
  });
});
