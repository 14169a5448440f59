import type { GameSpec } from '../games/catalogue';
import { PAYMENT_ROUTES, PROMO_BONUSES, PURCHASE_CATEGORIES, REBATE_BONUS, VIP_BONUS } from '../names';
import { Random } from '../random';
import { allowedAmount } from './amounts';
import { chipStake, KIND_PROFILES, slotLevel } from './behaviour';
import type { Member } from './member';
import { playGame } from './play';
import type { Action, World } from './world';

type Phase = 'register' | 'login' | 'top-up' | 'promo' | 'play' | 'end';
const SECOND = 1_000;
const ROUTE_WEIGHTS = PAYMENT_ROUTES.map((r) => r.weight);

/**
 * A normal member's visit: (first time: register,) log in, maybe top up and claim a promotion, play
 * one game for a while, then maybe collect a rebate and transfer. Every step is its own moment.
 */
export class NormalSession implements Action {
  time = 0;
  seq = 0;
  private phase: Phase;
  private readonly rng: Random;
  private readonly game: GameSpec;
  private readonly stake: number;
  private remaining: number;
  private turnover = 0;
  private failedLogin = false;
  private readonly ip: string;
  private readonly device: string;

  constructor(
    world: World,
    private readonly member: Member,
    sessionNo: number,
  ) {
    const rng = new Random(world.opts.seed, sessionNo, 0x5e55);
    this.rng = rng;
    this.phase = member.registered ? 'login' : 'register';
    this.game = world.chooseGame(member, rng);
    const base = member.stakeCents * rng.pick([0.5, 1, 1, 1, 1.5, 2, 3]) * rng.logNormal(1, 0.25);
    const kind = this.game.kind;
    if (kind === 'slot') {
      this.stake = slotLevel(base / 4);
      this.remaining = 4 + Math.floor(rng.exp(13));
    } else if (kind === 'football') {
      this.stake = chipStake(base * 1.5);
      this.remaining = 1 + Math.floor(rng.exp(1));
    } else {
      this.stake = chipStake(base);
      this.remaining = 3 + Math.floor(rng.exp(6));
    }
    this.ip = rng.chance(0.7) ? (member.ips[0] as string) : rng.pick(member.ips);
    this.device = rng.chance(0.8) ? (member.devices[0] as string) : rng.pick(member.devices);
  }

  run(world: World): boolean {
    const t = this.time;
    const rng = this.rng;
    const member = this.member;
    const profile = member.kind === 'planted' ? KIND_PROFILES.casual : KIND_PROFILES[member.kind];
    switch (this.phase) {
      case 'register':
        world.emitRegister(t, member);
        return this.next('login', t + rng.range(3, 40) * SECOND);
      case 'login':
        if (!this.failedLogin && rng.chance(0.03)) {
          this.failedLogin = true;
          world.emitLogin(t, member, this.ip, this.device, false);
          return this.next('login', t + rng.range(4, 25) * SECOND);
        }
        world.emitLogin(t, member, this.ip, this.device);
        return this.next('top-up', t + rng.range(2, 20) * SECOND);
      case 'top-up':
        if (rng.chance(profile.topUp[0])) {
          const wanted = roundMoney(rng.logNormal(profile.topUp[1], 0.7), 1_000);
          const cents = allowedAmount(world, member, 'heavy-top-up', t, wanted);
          if (cents >= 1_000) {
            const route = PAYMENT_ROUTES[paymentRoute(member, rng)] ?? PAYMENT_ROUTES[0];
            const category = member.kind === 'vip' ? 'VIP Deposit' : rng.pick(PURCHASE_CATEGORIES.slice(0, 2));
            if (route) world.emitPurchase(t, member, cents, route.platform, route.paymentName, category);
          }
        }
        return this.next('promo', t + rng.range(3, 30) * SECOND);
      case 'promo':
        if (rng.chance(profile.promo)) {
          const bonus = member.kind === 'vip' && rng.chance(0.3) ? VIP_BONUS : rng.pick(PROMO_BONUSES);
          const cents = allowedAmount(
            world,
            member,
            'bonus-abuse',
            t,
            roundMoney(rng.logNormal(bonus.median * 100, 0.5), 100),
          );
          if (cents >= 100) world.emitBonus(t, member, cents, bonus.category, bonus.eventName);
        }
        return this.next('play', t + rng.range(5, 40) * SECOND);
      case 'play':
        return this.play(world, t);
      case 'end':
        this.finish(world, t);
        return false;
    }
  }

  private play(world: World, t: number): boolean {
    const { game, rng, member } = this;
    let wait: number;
    if (game.kind === 'slot') {
      playGame(world, member, game, t, rng, this.stake);
      this.turnover += this.stake;
      wait = rng.range(2.5, 6) * SECOND;
    } else if (game.kind === 'football') {
      playGame(world, member, game, t, rng, this.stake);
      this.turnover += this.stake;
      wait = rng.range(20, 120) * SECOND;
    } else {
      if (rng.chance(0.8)) {
        const stake = rng.chance(0.25) ? chipStake(this.stake * rng.pick([0.5, 1.5, 2])) : this.stake;
        playGame(world, member, game, t, rng, stake);
        this.turnover += stake;
      }
      const roundMs = game.table?.roundMs ?? 30 * SECOND;
      wait = world.roundEnd(game, t) - t + rng.range(1 * SECOND, roundMs * 0.5);
    }
    this.remaining--;
    return this.next(this.remaining > 0 ? 'play' : 'end', t + wait);
  }

  private finish(world: World, t: number): void {
    const { rng, member } = this;
    const profile = member.kind === 'planted' ? KIND_PROFILES.casual : KIND_PROFILES[member.kind];
    if (this.turnover >= 2_000 && rng.chance(0.5)) {
      const cents = allowedAmount(world, member, 'bonus-abuse', t, Math.max(1, Math.round(this.turnover * 0.008)));
      if (cents >= 1) world.emitBonus(t, member, cents, REBATE_BONUS.category, REBATE_BONUS.eventName);
    }
    if (rng.chance(profile.transfer[0])) {
      const cents = allowedAmount(
        world,
        member,
        'transfer-mule',
        t,
        roundMoney(rng.logNormal(profile.transfer[1], 0.8), 100),
      );
      const counterparty = world.members[rng.int(world.opts.members)];
      if (cents >= 100 && counterparty && counterparty !== member) {
        world.emitTransfer(t, member, cents, rng.chance(0.5) ? 'in' : 'out', counterparty.id);
      }
    }
  }

  private next(phase: Phase, time: number): boolean {
    this.phase = phase;
    this.time = time;
    return true;
  }
}

/** Rounds cents to a multiple of `step` cents (at least one step). */
export function roundMoney(cents: number, step: number): number {
  return Math.max(step, Math.round(cents / step) * step);
}

/** Members top up the same one or two ways most of the time. */
function paymentRoute(member: Member, rng: Random): number {
  const key = rng.chance(0.75) ? 'route:1' : 'route:2';
  let route = member.favourites.get(key);
  if (route === undefined) {
    route = rng.weighted(ROUTE_WEIGHTS);
    member.favourites.set(key, route);
  }
  return rng.chance(0.05) ? rng.weighted(ROUTE_WEIGHTS) : route;
}
