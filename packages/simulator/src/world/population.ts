import type { GameKind, GameSpec } from '../games/catalogue';
import { type IpSpace, memberIdOf } from '../ids';
import type { ResolvedOptions } from '../options';
import { Random } from '../random';
import { KIND_PROFILES, type NormalKind } from './behaviour';
import { Member } from './member';

/** What the population needs of the world (`World` in world.ts is one): its options, addresses, devices and lobby. */
export interface PopulationWorld {
  readonly opts: ResolvedOptions;
  readonly games: readonly GameSpec[];
  readonly byKind: ReadonlyMap<GameKind, GameSpec[]>;
  readonly kindOrder: readonly GameKind[];
  readonly kindWeights: Record<NormalKind, number[]>;
  allocateIp(space: IpSpace): string;
  allocateDevice(): string;
}

const KINDS = Object.keys(KIND_PROFILES) as NormalKind[];
const HOUSEHOLD_SHARE = 0.08;
const MAX_HOUSEHOLD = 3;

/**
 * The normal population: members of each kind with their own IPs and devices. A few share a home IP
 * with one or two others (a household), never more, so no IP serves five members.
 */
export function createPopulation(world: PopulationWorld): { members: Member[]; weights: number[] } {
  const { seed, members: count, customers } = world.opts;
  const rng = new Random(seed, 0x909);
  const members: Member[] = [];
  const weights: number[] = [];
  let household: { ip: string; size: number } | undefined;
  for (let index = 0; index < count; index++) {
    const kind = KINDS[rng.weighted(KINDS.map((k) => KIND_PROFILES[k].share))] as NormalKind;
    const profile = KIND_PROFILES[kind];
    let home: string;
    if (household && household.size < MAX_HOUSEHOLD && rng.chance(HOUSEHOLD_SHARE)) {
      home = household.ip;
      household.size++;
    } else {
      home = world.allocateIp('home');
      household = { ip: home, size: 1 };
    }
    const ips = [home];
    const extraIps = rng.weighted([0.45, 0.4, 0.15]);
    for (let i = 0; i < extraIps; i++) ips.push(world.allocateIp('home'));
    const devices = [world.allocateDevice()];
    if (rng.chance(0.35)) devices.push(world.allocateDevice());
    const customerId = customers.length > 0 ? customers[rng.int(customers.length)] : undefined;
    const stake = Math.max(100, Math.round(rng.logNormal(profile.stake[0], profile.stake[1])));
    const vipLevel = rng.between(profile.vipLevels[0], profile.vipLevels[1]);
    members.push(
      new Member(index, memberIdOf(seed, index), kind, vipLevel, stake, ips, devices, customerId, undefined),
    );
    weights.push(rng.logNormal(profile.weight[0], profile.weight[1]));
  }
  return { members, weights };
}

/** Walker's alias table: O(1) draws of an index with probability proportional to its weight. */
export class AliasTable {
  private readonly probability: Float64Array;
  private readonly alias: Uint32Array;

  constructor(weights: readonly number[]) {
    const n = weights.length;
    this.probability = new Float64Array(n);
    this.alias = new Uint32Array(n);
    const total = weights.reduce((a, b) => a + b, 0);
    const scaled = weights.map((w) => (w * n) / total);
    const small: number[] = [];
    const large: number[] = [];
    for (let i = 0; i < n; i++) ((scaled[i] ?? 0) < 1 ? small : large).push(i);
    while (small.length > 0 && large.length > 0) {
      const s = small.pop() as number;
      const l = large.pop() as number;
      this.probability[s] = scaled[s] ?? 0;
      this.alias[s] = l;
      scaled[l] = (scaled[l] ?? 0) + (scaled[s] ?? 0) - 1;
      ((scaled[l] ?? 0) < 1 ? small : large).push(l);
    }
    for (const i of [...small, ...large]) this.probability[i] = 1;
  }

  draw(rng: Random): number {
    const i = rng.int(this.probability.length);
    return rng.float() < (this.probability[i] ?? 1) ? i : (this.alias[i] ?? i);
  }
}

/** A game of the member's taste: a kind by their preferences, then mostly their favourite of it. */
export function chooseGame(world: PopulationWorld, member: Member, rng: Random): GameSpec {
  const weights = world.kindWeights[member.kind === 'planted' ? 'casual' : member.kind];
  const kind = world.kindOrder[rng.weighted(weights)] as GameKind;
  const games = world.byKind.get(kind) ?? world.games;
  let favourite = member.favourites.get(kind);
  if (favourite === undefined) {
    favourite = rng.int(games.length);
    member.favourites.set(kind, favourite);
  }
  return (rng.chance(0.7) ? games[favourite] : rng.pick(games)) ?? (world.games[0] as GameSpec);
}
