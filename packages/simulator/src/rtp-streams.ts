import { Random } from './random';

/**
 * Game RTP quality streams (issue 17, items 7–8): per game, a stream of settled rounds (stake, payout)
 * from a paytable of one volatility class, some of them with a planted RTP drift — from a moment on the
 * game returns 2–5 points more or less than its expectation — beside stable games of every class,
 * including jackpot slots with rare huge wins. The ground truth lists every game, its class, σ (the
 * standard deviation of the payout per unit staked) and its drift, so a test or a benchmark can score a
 * detector (rounds to detection per class, false alarms per stable game-day).
 *
 * Unlike `createSimulation` this is not a platform with members: it is the game side only, at the volumes
 * an RTP test needs (hundreds of thousands of rounds a day per game), cheap to generate.
 */
export const VOLATILITY_CLASSES = ['low', 'medium', 'high', 'jackpot'] as const;
export type Volatility = (typeof VOLATILITY_CLASSES)[number];

/** A paytable: payout multipliers and their probabilities; the last tier is the common win the drift scales. */
interface Paytable {
  tiers: { multiplier: number; probability: number }[];
}

/** The paytable of a class at a given RTP: the rare tiers are fixed, the common tier makes up the rest. */
function paytable(volatility: Volatility, rtp: number): Paytable {
  const rare: { multiplier: number; probability: number }[] =
    volatility === 'low'
      ? []
      : volatility === 'medium'
        ? [{ multiplier: 12, probability: 0.02 }]
        : volatility === 'high'
          ? [
              { multiplier: 250, probability: 0.0004 },
              { multiplier: 20, probability: 0.005 },
            ]
          : [
              { multiplier: 10_000, probability: 1 / 2_000_000 },
              { multiplier: 1_000, probability: 1 / 100_000 },
              { multiplier: 250, probability: 0.0004 },
              { multiplier: 20, probability: 0.005 },
            ];
  const common = volatility === 'low' ? 2 : volatility === 'medium' ? 3 : 2;
  const rest = rtp - rare.reduce((sum, tier) => sum + tier.multiplier * tier.probability, 0);
  return { tiers: [...rare, { multiplier: common, probability: rest / common }] };
}

/** σ of the payout per unit staked of a paytable. */
export function paytableSigma(volatility: Volatility, rtp: number): number {
  const { tiers } = paytable(volatility, rtp);
  const second = tiers.reduce((sum, tier) => sum + tier.multiplier * tier.multiplier * tier.probability, 0);
  return Math.sqrt(second - rtp * rtp);
}

/** Expected RTP of each class (typical of its games). */
const EXPECTED_RTP: Record<Volatility, number> = { low: 0.98, medium: 0.97, high: 0.96, jackpot: 0.95 };

export interface RtpStreamGame {
  gameId: string;
  gameType: string;
  volatility: Volatility;
  expectedRtp: number;
  /** σ of the payout per unit staked at the expectation. */
  sigma: number;
  roundsPerDay: number;
  /** The planted drift, or null for a stable game. */
  drift: { points: number; from: string; driftedRtp: number } | null;
}

export interface RtpStreamOptions {
  seed: number;
  /** Day 0 starts here (UTC midnight recommended: the default rule's window is one day). */
  start: Date;
  days: number;
  /** Stable games of each class. */
  stablePerClass: number;
  /** Drifted games of each class (their drifts alternate up and down). */
  driftedPerClass: number;
  /** Rounds a day per game of each class. */
  roundsPerDay: Record<Volatility, number>;
  /** Classes that get drifted games (default: all). */
  driftClasses?: readonly Volatility[];
  /** Drift size range in RTP points (default 2–5). */
  driftPoints?: [number, number];
}

export interface RtpStreamBet {
  id: string;
  gameId: string;
  at: number;
  stake: number;
  payout: number;
}

export interface RtpStreams {
  games: RtpStreamGame[];
  /** The rounds of one game in time order (a fresh generator each call: same seed, same rounds). */
  bets(gameId: string): Generator<RtpStreamBet>;
  groundTruth(): { seed: number; start: string; days: number; games: RtpStreamGame[] };
}

const DAY = 86_400_000;
const GAME_TYPE: Record<Volatility, string> = { low: 'baccarat', medium: 'roulette', high: 'slot', jackpot: 'slot' };

export function createRtpStreams(options: RtpStreamOptions): RtpStreams {
  const random = new Random(options.seed, 17);
  const [minPoints, maxPoints] = options.driftPoints ?? [2, 5];
  const driftClasses = new Set(options.driftClasses ?? VOLATILITY_CLASSES);
  const startMs = options.start.getTime();
  const games: RtpStreamGame[] = [];
  let up = true;
  for (const volatility of VOLATILITY_CLASSES) {
    const expectedRtp = EXPECTED_RTP[volatility];
    const base = {
      gameType: GAME_TYPE[volatility],
      volatility,
      expectedRtp,
      sigma: paytableSigma(volatility, expectedRtp),
      roundsPerDay: options.roundsPerDay[volatility],
    };
    for (let i = 0; i < options.stablePerClass; i++) {
      games.push({ gameId: `${volatility.toUpperCase()}-S${i + 1}`, ...base, drift: null });
    }
    if (!driftClasses.has(volatility)) continue;
    for (let i = 0; i < options.driftedPerClass; i++) {
      const points = Math.round(random.between(minPoints, maxPoints) * 100) / 100;
      const signed = up ? points : -points;
      up = !up;
      // From a moment in the first day's second to sixth hour on, to the end of the streams.
      const from = startMs + Math.floor(random.between(2, 6) * 3_600_000);
      games.push({
        gameId: `${volatility.toUpperCase()}-D${i + 1}`,
        ...base,
        drift: {
          points: signed,
          from: new Date(from).toISOString(),
          driftedRtp: Math.round((expectedRtp + signed / 100) * 1e6) / 1e6,
        },
      });
    }
  }

  function* bets(gameId: string): Generator<RtpStreamBet> {
    const index = games.findIndex((g) => g.gameId === gameId);
    const game = games[index];
    if (!game) return;
    const rng = new Random(options.seed, 17, index + 1);
    const fair = paytable(game.volatility, game.expectedRtp).tiers;
    const drifted = game.drift ? paytable(game.volatility, game.drift.driftedRtp).tiers : fair;
    const driftFrom = game.drift ? Date.parse(game.drift.from) : Number.POSITIVE_INFINITY;
    const gap = DAY / game.roundsPerDay;
    const total = game.roundsPerDay * options.days;
    for (let i = 0; i < total; i++) {
      const at = startMs + Math.floor(i * gap);
      const tiers = at >= driftFrom ? drifted : fair;
      let u = rng.float();
      let multiplier = 0;
      for (const tier of tiers) {
        if (u < tier.probability) {
          multiplier = tier.multiplier;
          break;
        }
        u -= tier.probability;
      }
      yield { id: `${gameId}-${String(i).padStart(9, '0')}`, gameId, at, stake: 1, payout: multiplier };
    }
  }

  return {
    games,
    bets,
    groundTruth: () => ({ seed: options.seed, start: options.start.toISOString(), days: options.days, games }),
  };
}
