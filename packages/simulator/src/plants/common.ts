import type { GameSpec } from '../games/catalogue';
import type { TableKind } from '../games/table';
import { type AnomalyKind, type PlayerAnomalyKind, PlayerPlant } from '../ground-truth';
import { memberIdOf } from '../ids';
import type { Random } from '../random';
import { DAY, HOUR } from '../thresholds';
import { chipStake } from '../world/behaviour';
import { type BetResult, type BetSpec, tryBet } from '../world/betting';
import { Member } from '../world/member';
import { playGame } from '../world/play';
import type { Action, World } from '../world/world';

/** Where and when one planted instance happens. */
export interface PlantContext {
  world: World;
  rng: Random;
  id: string;
  day: number;
  dayStart: number;
  /** Nothing of this plant may happen before it (the moment the day's plants are drawn). */
  earliest: number;
  instance: number;
}

type Step = (world: World, t: number) => void;

/** A plant's timed steps, run in time order (steps at the same time in the order added). */
export class Script implements Action {
  time = 0;
  seq = 0;
  private readonly steps: { at: number; order: number; run: Step }[] = [];
  private index = 0;

  constructor(private readonly onDone?: (world: World) => void) {}

  at(time: number, run: Step): this {
    this.steps.push({ at: Math.round(time), order: this.steps.length, run });
    return this;
  }

  start(world: World): void {
    this.steps.sort((a, b) => a.at - b.at || a.order - b.order);
    const first = this.steps[0];
    if (first) world.schedule(this, first.at);
  }

  run(world: World): boolean {
    const step = this.steps[this.index++];
    step?.run(world, this.time);
    const next = this.steps[this.index];
    if (next) {
      this.time = Math.max(next.at, this.time);
      return true;
    }
    this.onDone?.(world);
    return false;
  }
}

/** The active period of a plant lasting `duration` ms, inside its day and after its preparation. */
export function activePeriod(ctx: PlantContext, duration: number, preparation = HOUR): { from: number; to: number } {
  const lead = ctx.day === 0 ? 3 * HOUR : 30 * 60_000;
  const low = Math.max(ctx.dayStart + lead, ctx.earliest + preparation);
  const high = Math.max(low, ctx.dayStart + DAY - duration - 30 * 60_000);
  const from = Math.round(ctx.rng.range(low, high));
  return { from, to: from + duration };
}

/** A dedicated account for a plant, with its own IP and device unless given. */
export function plantedMember(world: World, plant: AnomalyKind, rng: Random, ip?: string, device?: string): Member {
  const index = world.members.length;
  const customers = world.opts.customers;
  const member = new Member(
    index,
    memberIdOf(world.opts.seed, index),
    'planted',
    rng.between(0, 3),
    Math.round(rng.logNormal(1_500, 0.6)),
    [ip ?? world.allocateIp('home')],
    [device ?? world.allocateDevice()],
    customers.length > 0 ? customers[rng.int(customers.length)] : undefined,
    plant,
  );
  world.members.push(member);
  return member;
}

/** Registers the member (and logs them in from home) at a random moment before `before`. */
export function registerBefore(
  ctx: PlantContext,
  script: Script,
  member: Member,
  before: number,
  lead: [number, number],
) {
  const t = Math.max(ctx.earliest, before - ctx.rng.range(lead[0], lead[1]));
  script.at(t, (world, now) => world.emitRegister(now, member));
  script.at(t + 5_000, (world, now) =>
    world.emitLogin(now, member, member.ips[0] as string, member.devices[0] as string),
  );
}

const TABLE_PREFERENCE: readonly TableKind[] = ['baccarat', 'sic-bo', 'dragon-tiger', 'roulette'];

/** A live table game, baccarat first; undefined when the lobby has none. */
export function pickTable(
  world: World,
  rng: Random,
  kinds: readonly TableKind[] = TABLE_PREFERENCE,
): GameSpec | undefined {
  for (const kind of kinds) {
    const games = world.byKind.get(kind);
    if (games && games.length > 0 && rng.chance(0.7)) return rng.pick(games);
  }
  for (const kind of kinds) {
    const games = world.byKind.get(kind);
    if (games && games.length > 0) return rng.pick(games);
  }
  return undefined;
}

const NUDGES = [1.2, 0.85, 1.4, 0.7] as const;

/** A bet on a side chosen by the plant; only the stake moves to avoid an opposing pair with someone. */
export function betFixedSide(world: World, bet: BetSpec): BetResult {
  const first = tryBet(world, bet);
  if (first !== 'conflict') return first;
  for (const nudge of NUDGES) {
    const result = tryBet(world, { ...bet, stake: chipStake(bet.stake * nudge) });
    if (result !== 'conflict') return result;
  }
  return 'conflict';
}

/** A few ordinary bets, as the accounts of a plant make to look like players. */
export function casualPlay(
  script: Script,
  member: Member,
  world: World,
  rng: Random,
  from: number,
  count: number,
): number {
  const slots = world.byKind.get('slot');
  const game = slots && slots.length > 0 ? rng.pick(slots) : pickTable(world, rng);
  let t = from;
  if (!game) return t;
  const stake = game.kind === 'slot' ? 100 : chipStake(member.stakeCents);
  for (let i = 0; i < count; i++) {
    t += game.kind === 'slot' ? rng.range(3_000, 6_000) : (game.table?.roundMs ?? 30_000);
    script.at(t, (w, now) => {
      playGame(w, member, game, now, rng, stake);
    });
  }
  return t;
}

/** A plant whose subject is one dedicated member: the member, its truth record and its script. */
export function memberPlant(
  ctx: PlantContext,
  kind: PlayerAnomalyKind,
): { member: Member; plant: PlayerPlant; script: Script } {
  const member = plantedMember(ctx.world, kind, ctx.rng);
  const plant = new PlayerPlant(ctx.id, kind, 'member', member.id);
  plant.memberIds.push(member.id);
  ctx.world.playerPlants.push(plant);
  const script = new Script(() => {
    plant.complete = true;
  });
  return { member, plant, script };
}

/** Registers the member some time before `from`, and logs them in at `from`, when the anomaly begins. */
export function openAt(ctx: PlantContext, script: Script, plant: PlayerPlant, member: Member, from: number): void {
  registerBefore(ctx, script, member, from, [20 * 60_000, 2 * HOUR]);
  script.at(from, (w, t) => {
    w.emitLogin(t, member, member.ips[0] as string, member.devices[0] as string);
    plant.observe(t);
  });
}

/** A plant's bet on a chosen side of the table round open at `t`. */
export function betOnRound(
  world: World,
  member: Member,
  game: GameSpec,
  t: number,
  side: string,
  stake: number,
): BetResult {
  const rules = game.table?.rules;
  if (!rules) return 'blocked';
  const round = world.tableRound(game, t);
  const multiplier = rules.multiplier(round.outcome, side);
  const spec = {
    member,
    game,
    time: t,
    roundId: round.roundId,
    side,
    opposite: rules.opposite[side],
    book: round.book,
  };
  return betFixedSide(world, { ...spec, stake, multiplier });
}
