import { losingSides, winningSides } from '../games/table';
import { HOUR, NORMAL_BOUNDS } from '../thresholds';
import { chipStake } from '../world/behaviour';
import { governorVerdict } from '../world/betting';
import { playTable } from '../world/play';
import { activePeriod, betOnRound, memberPlant, openAt, type PlantContext, pickTable } from './common';

/**
 * A member who plays a normal session, then wins 13–24 bets in a row (a rigged table, an exploited
 * live feed), then loses one and plays on a little. Stakes during the run are kept small enough that
 * the day's payout ÷ stake stays ordinary: only the streak stands out.
 */
export function plantWinStreak(ctx: PlantContext): void {
  const { world, rng } = ctx;
  const game = pickTable(world, rng);
  if (!game?.table) return;
  const { rules, roundMs } = game.table;
  const { member, plant, script } = memberPlant(ctx, 'win-streak');

  const warmUp = rng.between(70, 100);
  const length = rng.chance(0.6) ? rng.between(13, 15) : rng.between(16, 24);
  const after = rng.between(5, 20);
  // Rounds are spent waiting for a feasible stake and on ties; leave room for them.
  const rounds = warmUp + 2 * length + after + 40;
  const { from } = activePeriod(ctx, rounds * roundMs * 1.3, 2 * HOUR);
  const stake = chipStake(member.stakeCents * 2);
  openAt(ctx, script, plant, member, from);
  let played = 0;
  let won = 0;
  let ended = false;
  let t = from + 30_000;
  for (let i = 0; i < rounds; i++) {
    t = world.roundEnd(game, t) + rng.range(2_000, roundMs * 0.5);
    script.at(t, (w, now) => {
      if (ended) return;
      const round = w.tableRound(game, now);
      const winners = winningSides(rules, round.outcome);
      const left = length - won;
      const window = member.bets;
      window.evict(now);
      // Largest run stake that keeps payout ÷ stake under the normal bound however the run ends.
      const room = (NORMAL_BOUNDS.ratio * 0.95 * window.stake - window.payout) / (left * 1.1);
      const runStake = chipStake(Math.min(stake, room));
      const feasible = played >= warmUp && room >= 100 && runStake <= room;
      if (won === 0 && !feasible) {
        if (playTable(w, member, game, now, rng, stake) === 'placed') played++;
        return;
      }
      if (won < length) {
        if (winners.length === 0) return; // sit out ties: a push would break the run
        const side = rng.pick(winners);
        const multiplier = rules.multiplier(round.outcome, side);
        if (governorVerdict(member, now, runStake, Math.round(runStake * multiplier))) return;
        if (betOnRound(w, member, game, now, side, runStake) !== 'placed') return;
        won++;
        plant.observe(now, member.streak);
        return;
      }
      if (won === length && member.streak > 0) {
        const losers = losingSides(rules, round.outcome);
        if (losers.length === 0) return;
        const side = rng.pick(losers);
        if (betOnRound(w, member, game, now, side, stake) === 'placed') plant.observe(now);
        return;
      }
      if (played >= warmUp + after) {
        ended = true;
        return;
      }
      if (playTable(w, member, game, now, rng, stake) === 'placed') {
        played++;
        plant.observe(now);
      }
    });
  }
  script.start(world);
}
