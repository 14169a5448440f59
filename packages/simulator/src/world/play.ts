import type { GameSpec } from '../games/catalogue';
import { FOOTBALL_MAIN_WEIGHTS, FOOTBALL_SIDES, upcomingMatches } from '../games/football';
import { chooseTier, spin } from '../games/slots';
import type { Random } from '../random';
import { chipStake } from './behaviour';
import { type BetResult, type BetSpec, tryBet, tryFlexibleBet } from './betting';
import type { Member } from './member';
import type { Payouts, RoundBook } from './round-book';
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
  return playSided(world, rng, member, game, t, stake, round.roundId, round.book, chosen, round.payouts);
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
  const { book, payouts } = world.matchRound(match);
  const side = FOOTBALL_SIDES[rng.weighted(FOOTBALL_MAIN_WEIGHTS)] as string;
  return playSided(world, rng, member, game, t, stake, match.roundId, book, side, payouts);
}

/** A bet on a side of a shared round, with the hedge beside it when the member is on a long run. */
function playSided(
  world: World,
  rng: Random,
  member: Member,
  game: GameSpec,
  time: number,
  stake: number,
  roundId: string,
  book: RoundBook,
  side: string,
  payouts: Payouts,
): BetResult {
  const hedge = member.guards('win-streak') && member.streak >= HEDGE_AT_STREAK;
  const bet: BetSpec = {
    member,
    game,
    time,
    roundId,
    side,
    opposite: payouts.opposite[side],
    book,
    stake,
    multiplier: payouts.multiplier(side),
  };
  const { result, side: backed } = tryFlexibleBet(world, bet, payouts);
  if (result === 'placed' && hedge && backed !== undefined) {
    world.stats.hedges++;
    const hedgeSide = payouts.hedge(backed);
    tryBet(world, {
      member,
      game,
      time,
      roundId,
      side: hedgeSide,
      opposite: payouts.opposite[hedgeSide],
      book,
      stake: chipStake(stake * rng.range(0.1, 0.2)),
      multiplier: payouts.multiplier(hedgeSide),
    });
  }
  return result;
}
