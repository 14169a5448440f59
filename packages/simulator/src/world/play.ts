import type { GameSpec } from '../games/catalogue';
import {
  FOOTBALL_MAIN_WEIGHTS,
  FOOTBALL_OPPOSITE,
  FOOTBALL_SIDES,
  footballMultiplier,
  upcomingMatches,
} from '../games/football';
import { chooseTier, spin } from '../games/slots';
import type { Random } from '../random';
import { chipStake } from './behaviour';
import { type BetResult, type BetSpec, tryBet, tryFlexibleBet } from './betting';
import type { Member } from './member';
import type { World } from './world';

/**
 * One play of each kind of game by a member. A member on a long winning run adds the game's hedge
 * (tie, any triple, zero, draw) beside the main bet: the hedge wins exactly when the main bet does
 * not, so a streak cannot survive that round — gamblers protecting a streak do just that.
 */
export const HEDGE_AT_STREAK = 8;

/** One bet (a spin, a round, a match) on `game` at `t`, of its usual kind. */
export function playGame(
  world: World,
  member: Member,
  game: GameSpec,
  t: number,
  rng: Random,
  stake: number,
): BetResult {
  if (game.kind === 'slot') return playSlot(world, member, game, t, rng, stake);
  if (game.kind === 'football') return playFootball(world, member, game, t, rng, stake);
  return playTable(world, member, game, t, rng, stake);
}

export function playTable(
  world: World,
  member: Member,
  game: GameSpec,
  t: number,
  rng: Random,
  stake: number,
  side?: string,
): BetResult {
  const table = game.table;
  if (!table) return 'blocked';
  const { rules } = table;
  const round = world.tableRound(game, t);
  const chosen = side ?? (rules.mainSides[rng.weighted(rules.mainWeights)] as string);
  return playSided(world, rng, {
    bet: { member, game, time: t, roundId: round.roundId, book: round.book, stake, multiplier: 0 },
    side: chosen,
    opposite: rules.opposite,
    multiplierOf: (s) => rules.multiplier(round.outcome, s),
    hedgeOf: () => rules.hedgeSide,
  });
}

function playSlot(world: World, member: Member, game: GameSpec, t: number, rng: Random, stake: number): BetResult {
  const model = game.slot;
  if (!model) return 'blocked';
  const window = member.bets;
  window.evict(t);
  const tier = chooseTier(window.stake / stake, window.ratio());
  const drift = world.drifts[game.index];
  const scale = drift && t >= drift.from && t < drift.to ? drift.driftedRtp / drift.expectedRtp : 1;
  const multiplier = spin(model, tier, rng, scale);
  return tryBet(world, { member, game, time: t, roundId: world.nextSpinId(game), stake, multiplier });
}

function playFootball(world: World, member: Member, game: GameSpec, t: number, rng: Random, stake: number): BetResult {
  const league = game.league;
  if (!league) return 'blocked';
  const matches = upcomingMatches(league, t);
  // Sooner matches draw more bets.
  const match = matches[Math.floor(matches.length * rng.float() ** 2)] ?? matches[0];
  if (!match) return 'blocked';
  const book = world.matchBook(match.roundId, match.kickoff);
  return playSided(world, rng, {
    bet: { member, game, time: t, roundId: match.roundId, book, stake, multiplier: 0 },
    side: FOOTBALL_SIDES[rng.weighted(FOOTBALL_MAIN_WEIGHTS)] as string,
    opposite: FOOTBALL_OPPOSITE,
    multiplierOf: (s) => footballMultiplier(match, s),
    hedgeOf: (backed) => (backed === 'draw' ? 'home' : 'draw'),
  });
}

interface SidedPlay {
  bet: BetSpec;
  side: string;
  opposite: Readonly<Record<string, string>>;
  multiplierOf: (side: string) => number;
  /** The side that wins exactly when the backed one does not. */
  hedgeOf: (backed: string) => string;
}

/** A bet on a side of a shared round, with the hedge beside it when the member is on a long run. */
function playSided(world: World, rng: Random, play: SidedPlay): BetResult {
  const { bet, side, opposite, multiplierOf } = play;
  const hedge = bet.member.guards('win-streak') && bet.member.streak >= HEDGE_AT_STREAK;
  const main = { ...bet, side, opposite: opposite[side], multiplier: multiplierOf(side) };
  const { result, side: backed } = tryFlexibleBet(world, main, opposite, multiplierOf, chipStake);
  if (result === 'placed' && hedge && backed !== undefined) {
    world.stats.hedges++;
    const hedgeSide = play.hedgeOf(backed);
    tryBet(world, {
      ...bet,
      side: hedgeSide,
      opposite: opposite[hedgeSide],
      stake: chipStake(bet.stake * rng.range(0.1, 0.2)),
      multiplier: multiplierOf(hedgeSide),
    });
  }
  return result;
}
