import type { GameRtpRule } from '@pitboss/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { windowStart } from '../windows';
import { oracleGameRtpAlerts, sortAlerts } from './game-rtp.oracle';
import { type GameRtpAlert, GameRtpDetector, type RtpBet, type RtpGame } from './game-rtp-detector';

const BASE = Date.parse('2026-03-01T00:00:00Z');
const GAMES: RtpGame[] = [
  { gameId: 'g1', gameType: 'slot', expectedRtp: 0.96 },
  { gameId: 'g2', gameType: 'slot', expectedRtp: 0.9 },
  { gameId: 'g3', gameType: 'live', expectedRtp: 0.98 },
  { gameId: 'g4', gameType: null, expectedRtp: null },
];

const levelArb = (level: 1 | 2 | 3) =>
  fc
    .record({
      Level: fc.constant(level),
      Above: fc.option(fc.constantFrom(0.5, 1, 2, 5, 20), { nil: null }),
      Below: fc.option(fc.constantFrom(0.5, 1, 2, 5, 20), { nil: null }),
      Confidence: fc.constantFrom(0.5, 0.6, 0.8, 0.9),
    })
    .filter((l) => l.Above !== null || l.Below !== null);

const ruleArb = (eventId: number): fc.Arbitrary<GameRtpRule> =>
  fc.record({
    EventID: fc.constant(eventId),
    EventName: fc.constant(`rule ${eventId}`),
    Scope: fc.constantFrom('all', 'all', 'type', 'game'),
    GameType: fc.constantFrom('slot', 'live'),
    GameID: fc.constantFrom('g1', 'g2', 'g4'),
    ExpectedRTP: fc.option(fc.constantFrom(0.5, 0.95, 1.2), { nil: null }),
    TimeUnit: fc.constantFrom('min', 'hour'),
    LoopValue: fc.integer({ min: 1, max: 3 }),
    MinRounds: fc.integer({ min: 1, max: 6 }),
    Levels: fc.subarray([1, 2, 3] as const, { minLength: 1 }).chain((ls) => fc.tuple(...ls.map((l) => levelArb(l)))),
    Enabled: fc.constantFrom(true, true, true, false),
  });

const rulesArb = fc
  .integer({ min: 1, max: 3 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => ruleArb(i + 1))));

/** A stream in time order (ties in time on purpose), ids increasing so equal times order by id. */
const betsArb = fc
  .array(
    fc.record({
      gameId: fc.constantFrom('g1', 'g2', 'g3', 'g4'),
      step: fc.constantFrom(0, 1_000, 20_000, 60_000, 600_000),
      stake: fc.constantFrom(0, 1, 2, 5, 10),
      ratio: fc.constantFrom(0, 0, 0, 0.5, 1, 1.9, 2, 3, 40, 2000),
    }),
    { maxLength: 70 },
  )
  .map((raw) => {
    let at = BASE;
    return raw.map((r, i): RtpBet => {
      at += r.step;
      return {
        id: `b${String(i).padStart(4, '0')}`,
        gameId: r.gameId,
        at,
        stake: r.stake,
        payout: r.stake * r.ratio || (r.stake === 0 && r.ratio > 1 ? 3 : 0),
      };
    });
  });

function run(rules: GameRtpRule[], batches: RtpBet[][]): GameRtpAlert[] {
  const detector = new GameRtpDetector(rules, GAMES);
  return sortAlerts(batches.flatMap((batch) => detector.process(batch).alerts));
}

/** Cuts a stream into batches at the given points and shuffles each batch by the given seeds. */
function cutAndShuffle(bets: RtpBet[], cuts: number[], seeds: number[]): RtpBet[][] {
  const points = [...new Set(cuts.map((c) => c % (bets.length + 1)))].sort((a, b) => a - b);
  const batches: RtpBet[][] = [];
  let from = 0;
  for (const p of [...points, bets.length]) {
    batches.push(bets.slice(from, p));
    from = p;
  }
  return batches.map((batch, n) => {
    const copy = [...batch];
    let seed = seeds[n % Math.max(1, seeds.length)] ?? 1;
    for (let i = copy.length - 1; i > 0; i--) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      const j = seed % (i + 1);
      [copy[i], copy[j]] = [copy[j] as RtpBet, copy[i] as RtpBet];
    }
    return copy;
  });
}

describe('game RTP detector against the oracle', () => {
  it('raises exactly what the oracle raises, whatever the batch boundaries and the order within a batch', () => {
    fc.assert(
      fc.property(
        rulesArb,
        betsArb,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (rules, bets, cuts, seeds) => {
          const expected = oracleGameRtpAlerts(rules, GAMES, bets);
          expect(run(rules, [bets])).toEqual(expected);
          expect(run(rules, cutAndShuffle(bets, cuts, seeds))).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('after a restart that replays the bets after R, raises what the oracle raises wherever the two windows lie after R', () => {
    fc.assert(
      fc.property(rulesArb, betsArb, fc.nat(), fc.array(fc.nat(), { maxLength: 4 }), (rules, bets, r, cuts) => {
        if (bets.length === 0) return;
        const replayFrom = (bets[r % bets.length] as RtpBet).at;
        const exact = (a: GameRtpAlert) => {
          const rule = rules.find((x) => x.EventID === a.ruleId) as GameRtpRule;
          const end = Date.parse(a.windowEnd);
          return (
            windowStart(windowStart(end, rule.TimeUnit, rule.LoopValue), rule.TimeUnit, rule.LoopValue) >= replayFrom
          );
        };
        const restarted = run(
          rules,
          cutAndShuffle(
            bets.filter((b) => b.at > replayFrom),
            cuts,
            [7],
          ),
        ).filter(exact);
        expect(restarted).toEqual(oracleGameRtpAlerts(rules, GAMES, bets).filter(exact));
      }),
      { numRuns: 300 },
    );
  });

  it('counts a bet not after its game’s newest one as too late and does not evaluate it', () => {
    const rule: GameRtpRule = {
      EventID: 1,
      EventName: 'r',
      Scope: 'all',
      GameType: null,
      GameID: null,
      ExpectedRTP: 0.5,
      TimeUnit: 'hour',
      LoopValue: 1,
      MinRounds: 1,
      Enabled: true,
      Levels: [{ Level: 1, Above: 1, Below: null, Confidence: 0.5 }],
    };
    const detector = new GameRtpDetector([rule], GAMES);
    expect(detector.process([{ id: 'b2', gameId: 'g1', at: BASE + 10, stake: 1, payout: 2 }]).alerts).toHaveLength(1);
    const late = detector.process([{ id: 'b1', gameId: 'g1', at: BASE + 5, stake: 1, payout: 100 }]);
    expect(late).toEqual({ alerts: [], tooLate: 1 });
  });
});
