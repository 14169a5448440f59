import { losingSides, winningSides } from '../games/table';
import { DEFAULT_PLAYER_RULES, HOUR } from '../thresholds';
import { chipStake } from '../world/behaviour';
import { activePeriod, betOnRound, memberPlant, openAt, type PlantContext, pickTable } from './common';

const MIN_SAMPLE = DEFAULT_PLAYER_RULES[1].minSample ?? 30;

/**
 * A member who knows the outcome (a dealer's accomplice, a leaked shoe): backs the winning side of
 * most rounds, and the tie or triple when it comes, while losing a small bet now and then so no long
 * streak shows. Over 40–90 bets their payout ÷ stake settles near a target of 1.9–4.5.
 */
export function plantHighRatio(ctx: PlantContext): void {
  const { world, rng } = ctx;
  const game = pickTable(world, rng);
  if (!game?.table) return;
  const rules = game.table.rules;
  const { member, plant, script } = memberPlant(ctx, 'high-ratio');

  const bets = rng.between(40, 90);
  const roundMs = game.table.roundMs;
  const { from } = activePeriod(ctx, bets * roundMs * 1.6 + 10 * 60_000, 2 * HOUR);
  const target = rng.chance(0.6) ? rng.range(1.9, 2.4) : rng.range(2.7, 4.5);
  const base = chipStake(rng.logNormal(5_000, 0.5));
  const maxStreak = rng.between(3, 6);
  openAt(ctx, script, plant, member, from);
  let t = from + 30_000;
  for (let i = 0; i < bets; i++) {
    t = world.roundEnd(game, t) + rng.range(2_000, roundMs * 0.5) + (rng.chance(0.3) ? roundMs : 0);
    script.at(t, (w, now) => {
      const round = w.tableRound(game, now);
      const window = member.bets;
      window.evict(now);
      const ratio = window.ratio();
      const win = member.streak < maxStreak && (window.count < 5 || ratio < target);
      const winners = winningSides(rules, round.outcome);
      let side: string;
      let stake = base;
      if (win && winners.length === 0) {
        // The tie, the triple, the zero: it pays many times the stake, so it carries high targets.
        side = rules.hedgeSide;
        stake = chipStake(base * Math.min(4, Math.max(0.3, (target - ratio) * rng.range(1, 2))));
      } else if (win) {
        side = rng.pick(winners);
      } else {
        const losers = losingSides(rules, round.outcome);
        side = losers.length > 0 ? rng.pick(losers) : (rules.mainSides[0] as string);
        stake = chipStake(base * rng.range(0.1, 0.3));
      }
      if (betOnRound(w, member, game, now, side, stake) !== 'placed') return;
      plant.observe(now, window.count >= MIN_SAMPLE ? window.ratio() : undefined);
    });
  }
  script.start(world);
}
