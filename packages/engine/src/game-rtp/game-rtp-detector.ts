import type { GameRtpDirection, GameRtpRule, GameRtpTest, Level } from '@pitboss/contract';
import { ExactSum } from '../exact-sum';
import { windowStart } from '../windows';
import { cusumIncrement, judge, type LevelSide, ratioMicros, ruleCovers, sidesOf, type WindowSums } from './statistics';

/** A bet as the game RTP detector sees it: amounts in the company's base currency. */
export interface RtpBet {
  id: string;
  gameId: string;
  /** Epoch milliseconds. */
  at: number;
  stake: number;
  payout: number;
}

/** What the detector knows of a game: its type and expected RTP (master data; null when unknown). */
export interface RtpGame {
  gameId: string;
  gameType: string | null;
  expectedRtp: number | null;
}

/** A level raised for a rule and a game, with the evidence behind it. */
export interface GameRtpAlert {
  ruleId: number;
  eventName: string;
  gameId: string;
  level: Level;
  direction: GameRtpDirection;
  test: GameRtpTest;
  observedRtp: number;
  expectedRtp: number;
  /** Observed − expected, as a fraction (×100 for RTP points). */
  deviation: number;
  stdError: number;
  z: number;
  /** Log-likelihood-ratio CUSUM on the alert's side. */
  cusum: number;
  /** The level's band on that side, as a fraction. */
  band: number;
  confidence: number;
  rounds: number;
  minRounds: number;
  turnover: number;
  payout: number;
  /** Exclusive start and end (the raising bet's time) of the window, ISO 8601. */
  windowStart: string;
  windowEnd: string;
  /** The raising bet. */
  eventId: string;
}

export interface GameRtpResult {
  alerts: GameRtpAlert[];
  /** Bets not after the newest bet of their game already seen: not evaluated (see the README). */
  tooLate: number;
}

/** Orders bets by (time, id): the order positions are evaluated in. */
export function compareBets(a: RtpBet, b: RtpBet): number {
  return a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

class Cusum {
  /** Running sum of the increments of every bet seen (integer millionths: exact). */
  prefix = 0;
  /** Monotone deque of (time of position j, prefix before j), increasing prefixes: the window's minimum in front. */
  private at: number[] = [];
  private before: number[] = [];
  private head = 0;

  constructor(readonly side: LevelSide) {}

  /** Adds the bet at `time` with its increment; answers the windowed CUSUM: max(0, max suffix sum in the window). */
  add(time: number, increment: number, start: number): number {
    while (this.before.length > this.head && (this.before[this.before.length - 1] as number) >= this.prefix) {
      this.before.pop();
      this.at.pop();
    }
    this.at.push(time);
    this.before.push(this.prefix);
    this.prefix += increment;
    while ((this.at[this.head] as number) <= start) this.head++;
    if (this.head > 1024 && this.head * 2 > this.at.length) {
      this.at = this.at.slice(this.head);
      this.before = this.before.slice(this.head);
      this.head = 0;
    }
    return Math.max(0, this.prefix - (this.before[this.head] as number));
  }
}

/** The largest payout ratio in the window: a monotone deque of (time, ratio), decreasing ratios, the largest in front. */
class WindowMax {
  private at: number[] = [];
  private value: number[] = [];
  private head = 0;

  add(time: number, ratio: number, start: number): number {
    while (this.value.length > this.head && (this.value[this.value.length - 1] as number) <= ratio) {
      this.value.pop();
      this.at.pop();
    }
    this.at.push(time);
    this.value.push(ratio);
    while ((this.at[this.head] as number) <= start) this.head++;
    if (this.head > 1024 && this.head * 2 > this.at.length) {
      this.at = this.at.slice(this.head);
      this.value = this.value.slice(this.head);
      this.head = 0;
    }
    return this.value[this.head] as number;
  }
}

/** One rule watching one game: the window's bets and sums, the CUSUMs, and the levels reached. */
class Track {
  private at: number[] = [];
  private stake: number[] = [];
  private payout: number[] = [];
  private head = 0;
  private readonly sums = [new ExactSum(), new ExactSum(), new ExactSum(), new ExactSum(), new ExactSum()];
  private readonly cusums: Cusum[];
  private readonly maxRatio = new WindowMax();
  /** Time of the newest earlier position at which each level (index 1–3) or a higher one held. */
  private readonly reachedAt = [
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];

  constructor(
    readonly rule: GameRtpRule,
    readonly gameId: string,
    readonly expected: number,
  ) {
    this.sides = sidesOf(rule, expected);
    this.cusums = this.sides.map((side) => new Cusum(side));
  }
  private readonly sides: LevelSide[];

  add(bet: RtpBet): GameRtpAlert | undefined {
    const start = windowStart(bet.at, this.rule.TimeUnit, this.rule.LoopValue);
    this.at.push(bet.at);
    this.stake.push(bet.stake);
    this.payout.push(bet.payout);
    this.addSums(bet.stake, bet.payout, 1);
    while ((this.at[this.head] as number) <= start) {
      this.addSums(this.stake[this.head] as number, this.payout[this.head] as number, -1);
      this.head++;
    }
    if (this.head > 1024 && this.head * 2 > this.at.length) {
      this.at = this.at.slice(this.head);
      this.stake = this.stake.slice(this.head);
      this.payout = this.payout.slice(this.head);
      this.head = 0;
    }
    const cusums = this.cusums.map((c) =>
      c.add(bet.at, cusumIncrement(bet.stake, bet.payout, c.side.reference, c.side.sign), start),
    );
    const maxRatioMicros = this.maxRatio.add(bet.at, ratioMicros(bet.stake, bet.payout), start);
    const sums: WindowSums = {
      maxRatioMicros,
      rounds: this.at.length - this.head,
      stake: (this.sums[0] as ExactSum).value(),
      payout: (this.sums[1] as ExactSum).value(),
      stakeSq: (this.sums[2] as ExactSum).value(),
      payoutSq: (this.sums[3] as ExactSum).value(),
      stakePayout: (this.sums[4] as ExactSum).value(),
    };
    const judgement = judge(this.rule, this.expected, this.sides, sums, cusums);
    const { level } = judgement;
    let earlier = 0;
    for (let l = 3; l >= 1; l--) {
      if ((this.reachedAt[l] as number) > start) {
        earlier = l;
        break;
      }
    }
    for (let l = 1; l <= level; l++) this.reachedAt[l] = bet.at;
    if (level === 0 || level <= earlier || !judgement.stats) return undefined;
    const { stats } = judgement;
    return {
      ruleId: this.rule.EventID,
      eventName: this.rule.EventName,
      gameId: this.gameId,
      level,
      direction: judgement.direction,
      test: judgement.test,
      observedRtp: stats.observed,
      expectedRtp: this.expected,
      deviation: stats.observed - this.expected,
      stdError: stats.stdError,
      z: stats.z,
      cusum: judgement.cusum,
      band: judgement.band,
      confidence: judgement.confidence,
      rounds: sums.rounds,
      minRounds: this.rule.MinRounds,
      turnover: sums.stake,
      payout: sums.payout,
      windowStart: new Date(start).toISOString(),
      windowEnd: new Date(bet.at).toISOString(),
      eventId: bet.id,
    };
  }

  private addSums(stake: number, payout: number, sign: 1 | -1): void {
    const [s, p, ss, pp, sp] = this.sums as [ExactSum, ExactSum, ExactSum, ExactSum, ExactSum];
    s.add(sign * stake);
    p.add(sign * payout);
    ss.add(sign * stake * stake);
    pp.add(sign * payout * payout);
    sp.add(sign * stake * payout);
  }
}

/**
 * The game RTP detector of one company (DESIGN §5, issue 17): per rule and game, at every bet, the
 * window's observed RTP against the expectation — a z-test with the standard error from the observed
 * variance of the payout per unit staked, and a windowed CUSUM of log-likelihood ratios that catches a
 * persistent drift sooner. Pure: every time comes from the bets. Positions are the game's bets in
 * (time, id) order; a level is raised when it exceeds every level reached at the earlier positions of
 * its window (so once per rule and game per window unless the level rises).
 */
export class GameRtpDetector {
  private readonly games = new Map<string, RtpGame>();
  private readonly tracks = new Map<string, Track[]>();
  private readonly newest = new Map<string, RtpBet>();

  constructor(
    private readonly rules: readonly GameRtpRule[],
    games: Iterable<RtpGame> = [],
  ) {
    for (const game of games) this.games.set(game.gameId, game);
  }

  /** Whether the detector knows the game's master data (else it treats the game as without type or expectation). */
  knows(gameId: string): boolean {
    return this.games.has(gameId);
  }

  /** Learns a game before its first bet (the server adds games first seen in a batch). */
  addGame(game: RtpGame): void {
    if (!this.tracks.has(game.gameId)) this.games.set(game.gameId, game);
  }

  process(bets: readonly RtpBet[]): GameRtpResult {
    const alerts: GameRtpAlert[] = [];
    let tooLate = 0;
    for (const bet of [...bets].sort(compareBets)) {
      const newest = this.newest.get(bet.gameId);
      if (newest && compareBets(bet, newest) <= 0) {
        tooLate++;
        continue;
      }
      this.newest.set(bet.gameId, bet);
      for (const track of this.tracksOf(bet.gameId)) {
        const alert = track.add(bet);
        if (alert) alerts.push(alert);
      }
    }
    return { alerts, tooLate };
  }

  private tracksOf(gameId: string): Track[] {
    let tracks = this.tracks.get(gameId);
    if (!tracks) {
      const game = this.games.get(gameId) ?? { gameId, gameType: null, expectedRtp: null };
      tracks = [];
      for (const rule of this.rules) {
        const expected = rule.ExpectedRTP ?? game.expectedRtp;
        if (expected === null || !ruleCovers(rule, gameId, game.gameType)) continue;
        tracks.push(new Track(rule, gameId, expected));
      }
      this.tracks.set(gameId, tracks);
    }
    return tracks;
  }
}
