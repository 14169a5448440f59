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
import { type BetResult, tryBet, tryFlexibleBet } from './betting';
import type { Member } from './member';
import type { World } from './world';

/**
 * One play of each kind of game by a member. A member on a long winning run adds the game's hedge
 * (tie, any triple, zero, draw) beside the main bet: the hedge wins exactly when the main bet does
 * not, so a streak cannot survive that round — gamblers protecting a streak do just that.
 */
export const HEDGE_AT_STREAK = 8;

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
  const hedge = member.guards('win-streak') && member.streak >= HEDGE_AT_STREAK;
  const { result } = tryFlexibleBet(
    world,
    {
      member,
      game,
      time: t,
      roundId: round.roundId,
      side: chosen,
      opposite: rules.opposite[chosen],
      book: round.book,
      stake,
      multiplier: rules.multiplier(round.outcome, chosen),
    },
    rules.opposite,
    (s) => rules.multiplier(round.outcome, s),
    chipStake,
  );
  if (result === 'placed' && hedge) {
    world.stats.hedges++;
    tryBet(world, {
      member,
      game,
      time: t,
      roundId: round.roundId,
      side: rules.hedgeSide,
      stake: chipStake(stake * rng.range(0.1, 0.2)),
      multiplier: rules.multiplier(round.outcome, rules.hedgeSide),
    });
  }
  return result;
}

export function playSlot(
  world: World,
  member: Member,
  game: GameSpec,
  t: number,
  rng: Random,
  stake: number,
): BetResult {
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

export function playFootball(
  world: World,
  member: Member,
  game: GameSpec,
  t: number,
  rng: Random,
  stake: number,
): BetResult {
  const league = game.league;
  if (!league) return 'blocked';
  const matches = upcomingMatches(league, t);
  if (matches.length === 0) return 'blocked';
  // Sooner matches draw more bets.
  const match = matches[Math.floor(matches.length * rng.float() ** 2)] ?? matches[0];
  if (!match) return 'blocked';
  const side = FOOTBALL_SIDES[rng.weighted(FOOTBALL_MAIN_WEIGHTS)] as string;
  const book = world.matchBook(match.roundId, match.kickoff);
  const hedge = member.guards('win-streak') && member.streak >= HEDGE_AT_STREAK;
  const { result, side: backed } = tryFlexibleBet(
    world,
    {
      member,
      game,
      time: t,
      roundId: match.roundId,
      side,
      opposite: FOOTBALL_OPPOSITE[side],
      book,
      stake,
      multiplier: footballMultiplier(match, side),
    },
    FOOTBALL_OPPOSITE,
    (s) => footballMultiplier(match, s),
    chipStake,
  );
  if (result === 'placed' && hedge) {
    world.stats.hedges++;
    const hedgeSide = backed === 'draw' ? 'home' : 'draw';
    tryBet(world, {
      member,
      game,
      time: t,
      roundId: match.roundId,
      side: hedgeSide,
      opposite: FOOTBALL_OPPOSITE[hedgeSide],
      book,
      stake: chipStake(stake * rng.range(0.1, 0.2)),
      multiplier: footballMultiplier(match, hedgeSide),
    });
  }
  return result;
}
