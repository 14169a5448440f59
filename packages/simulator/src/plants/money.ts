import { memberIdOf } from '../ids';
import { ABUSED_BONUSES, PAYMENT_ROUTES } from '../names';
import type { Random } from '../random';
import { HOUR } from '../thresholds';
import type { Member } from '../world/member';
import type { World } from '../world/world';
import { activePeriod, casualPlay, memberPlant, openAt, type PlantContext } from './common';

/** A total in cents: mostly level 1, sometimes level 2, rarely level 3 of a rule with these levels. */
function plantedTotal(rng: Random, levels: readonly [number, number, number]): number {
  const [l1, l2, l3] = levels;
  const x = rng.float();
  const dollars =
    x < 0.7 ? rng.range(l1 * 1.2, l2 * 0.9) : x < 0.95 ? rng.range(l2 * 1.1, l3 * 0.9) : rng.range(l3 * 1.05, l3 * 1.5);
  return Math.round(dollars) * 100;
}

/** Splits `total` cents into `parts` uneven amounts, each a multiple of `step` cents. */
function split(rng: Random, total: number, parts: number, step: number): number[] {
  const weights = Array.from({ length: parts }, () => rng.range(0.3, 1.7));
  const sum = weights.reduce((a, b) => a + b, 0);
  const amounts = weights.map((w) => Math.max(step, Math.round((total * w) / sum / step) * step));
  const drift = total - amounts.reduce((a, b) => a + b, 0);
  amounts[amounts.length - 1] = Math.max(step, (amounts[amounts.length - 1] ?? 0) + drift);
  return amounts;
}

interface MoneyPlan {
  kind: 'heavy-top-up' | 'transfer-mule' | 'bonus-abuse';
  levels: readonly [number, number, number];
  parts: [number, number];
  step: number;
  emit: (world: World, member: Member, t: number, cents: number, i: number, parts: number) => void;
}

function plantMoney(ctx: PlantContext, plan: MoneyPlan): void {
  const { world, rng } = ctx;
  const { member, plant, script } = memberPlant(ctx, plan.kind);
  const parts = rng.between(plan.parts[0], plan.parts[1]);
  const amounts = split(rng, plantedTotal(rng, plan.levels), parts, plan.step);
  const duration = rng.range(1, 6) * HOUR;
  const { from } = activePeriod(ctx, duration + 30 * 60_000, 2 * HOUR);
  openAt(ctx, script, plant, member, from);
  // The measure is the member's one-day total of the planted kind.
  const window =
    plan.kind === 'heavy-top-up' ? member.topUps : plan.kind === 'transfer-mule' ? member.transfers : member.bonus;
  const times = amounts.map(() => from + 60_000 + rng.range(0, duration)).sort((a, b) => a - b);
  amounts.forEach((cents, i) => {
    const t = times[i] ?? from;
    script.at(t, (w, now) => {
      plan.emit(w, member, now, cents, i, parts);
      window.evict(now);
      plant.observe(now, window.total / 100);
    });
    if (rng.chance(0.4)) casualPlay(script, member, world, rng, t + 30_000, rng.between(2, 6));
  });
  script.start(world);
}

/** Heavy top-ups: 3–10 deposits in a few hours, far above what the member's play explains. */
export function plantHeavyTopUp(ctx: PlantContext): void {
  const routes = [0, 1, 2].map(() => ctx.rng.pick(PAYMENT_ROUTES));
  plantMoney(ctx, {
    kind: 'heavy-top-up',
    levels: [10_000, 50_000, 200_000],
    parts: [3, 10],
    step: 10_000,
    emit: (world, member, t, cents, i) => {
      const route = routes[i % routes.length] ?? PAYMENT_ROUTES[0];
      if (route)
        world.emitPurchase(t, member, cents, route.platform, route.paymentName, i === 0 ? 'Deposit' : 'VIP Deposit');
    },
  });
}

/**
 * A transfer mule: money comes in from several accounts and goes straight out to one or two, in and
 * out within hours, while the mule barely plays.
 */
export function plantTransferMule(ctx: PlantContext): void {
  const { rng, world } = ctx;
  const sources = Array.from({ length: 5 }, () => memberIdOf(world.opts.seed, 3_000_000 + rng.int(1_000_000)));
  const sinks = Array.from({ length: 2 }, () => memberIdOf(world.opts.seed, 4_000_000 + rng.int(1_000_000)));
  plantMoney(ctx, {
    kind: 'transfer-mule',
    levels: [20_000, 100_000, 500_000],
    parts: [6, 20],
    step: 10_000,
    emit: (w, member, t, cents, i, parts) => {
      const incoming = i < Math.ceil(parts / 2);
      w.emitTransfer(t, member, cents, incoming ? 'in' : 'out', rng.pick(incoming ? sources : sinks));
    },
  });
}

/** Bonus abuse: the same one-time promotions claimed 10–40 times in a few hours. */
export function plantBonusAbuse(ctx: PlantContext): void {
  const { rng } = ctx;
  const bonuses = [rng.pick(ABUSED_BONUSES), rng.pick(ABUSED_BONUSES)];
  plantMoney(ctx, {
    kind: 'bonus-abuse',
    levels: [5_000, 20_000, 100_000],
    parts: [10, 40],
    step: 100,
    emit: (w, member, t, cents, i) => {
      const bonus = bonuses[i % 2] ?? ABUSED_BONUSES[0];
      if (bonus) w.emitBonus(t, member, cents, bonus.category, bonus.eventName);
    },
  });
}
