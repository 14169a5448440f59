import { DriftPlant, OpposingPlant } from '../ground-truth';
import { HOUR } from '../thresholds';
import { chipStake } from '../world/behaviour';
import { governorVerdict, tryBet } from '../world/betting';
import { activePeriod, type PlantContext, pickTable, plantedMember, registerBefore, Script } from './common';

/**
 * A slot whose paytable goes wrong for 3–8 hours (a bad release, a tampered reel set): every prize is
 * scaled, so the game returns 8–15 % more, or 10–18 % less, than its expected RTP; then it is fixed.
 * `taken` keeps two drifts of one day off the same game.
 */
export function plantRtpDrift(ctx: PlantContext, taken: Set<number>): void {
  const { world, rng } = ctx;
  const slots = (world.byKind.get('slot') ?? []).filter((g) => !taken.has(g.index));
  if (slots.length === 0) return;
  const game = rng.pick(slots);
  taken.add(game.index);
  const expected = game.master.expectedRtp ?? game.slot?.rtp ?? 0.96;
  // Up and down in turn, so both directions are always represented.
  const factor = (ctx.day + ctx.instance) % 2 === 0 ? rng.range(1.08, 1.15) : rng.range(0.82, 0.9);
  const drifted = Math.round(expected * factor * 10_000) / 10_000;
  const { from, to } = activePeriod(ctx, rng.range(3, 8) * HOUR, 0);
  const plant = new DriftPlant(ctx.id, game.index, game.id, expected, drifted, from, to);
  world.driftPlants.push(plant);
  new Script()
    .at(from, (w) => {
      w.drifts[game.index] = plant;
    })
    .at(to, (w) => {
      if (w.drifts[game.index] === plant) w.drifts[game.index] = undefined;
      plant.complete = true;
    })
    .start(world);
}

const PAIRS: Record<string, readonly [string, string]> = {
  baccarat: ['banker', 'player'],
  'dragon-tiger': ['dragon', 'tiger'],
  'sic-bo': ['big', 'small'],
  roulette: ['odd', 'even'],
};

/**
 * Two accounts moving money between them: on 6–16 rounds of one table within a few hours, one backs a
 * side and the other its opposite with nearly the same stake, so whatever happens the pair loses only
 * the house edge while one account's balance passes to the other.
 */
export function plantOpposingBets(ctx: PlantContext): void {
  const { world, rng } = ctx;
  const game = pickTable(world, rng);
  const pair = game ? PAIRS[game.kind] : undefined;
  if (!game?.table || !pair) return;
  const a = plantedMember(world, 'opposing-bets', rng);
  const b = plantedMember(world, 'opposing-bets', rng);
  const plant = new OpposingPlant(ctx.id, [a.id, b.id], game.id);
  world.opposingPlants.push(plant);
  const rounds = rng.between(6, 16);
  const roundMs = game.table.roundMs;
  const tries = rounds * 3 + 10;
  const { from } = activePeriod(ctx, tries * roundMs * 2 + 5 * 60_000, 2 * HOUR);
  const script = new Script(() => {
    plant.complete = true;
  });
  registerBefore(ctx, script, a, from, [30 * 60_000, 3 * HOUR]);
  registerBefore(ctx, script, b, from, [30 * 60_000, 3 * HOUR]);
  script.at(from, (w, t) => w.emitLogin(t, a, a.ips[0] as string, a.devices[0] as string));
  script.at(from + rng.range(5_000, 60_000), (w, t) => w.emitLogin(t, b, b.ips[0] as string, b.devices[0] as string));
  const base = chipStake(rng.logNormal(150_000, 0.6));
  let placed = 0;
  let t = from + 2 * 60_000;
  for (let i = 0; i < tries; i++) {
    t = world.roundEnd(game, t) + rng.range(2_000, roundMs * 0.5) + rng.int(3) * roundMs;
    script.at(t, (w, now) => {
      if (placed >= rounds) return;
      const round = w.tableRound(game, now);
      const [first, second] = rng.chance(0.5) ? [a, b] : [b, a];
      const stakeFirst = base;
      const stakeSecond = Math.max(100, Math.round((base * rng.range(0.98, 1.02)) / 1_000) * 1_000);
      const rules = game.table?.rules;
      if (!rules) return;
      const bets = [
        { member: first, side: pair[0], stake: stakeFirst, partner: second },
        { member: second, side: pair[1], stake: stakeSecond, partner: first },
      ];
      // Both bets or neither: check the governor and the book for both before placing either.
      for (const bet of bets) {
        const payout = Math.round(bet.stake * rules.multiplier(round.outcome, bet.side));
        if (governorVerdict(bet.member, now, bet.stake, payout)) return;
        if (round.book.conflicts(rules.opposite[bet.side], bet.stake, bet.member.index, bet.partner.index)) return;
      }
      for (const bet of bets) {
        tryBet(w, {
          member: bet.member,
          game,
          time: now,
          roundId: round.roundId,
          side: bet.side,
          opposite: rules.opposite[bet.side],
          book: round.book,
          stake: bet.stake,
          multiplier: rules.multiplier(round.outcome, bet.side),
          partner: bet.partner.index,
        });
      }
      placed++;
      plant.observe(now, round.roundId, stakeFirst, stakeSecond);
    });
  }
  script.start(world);
}
