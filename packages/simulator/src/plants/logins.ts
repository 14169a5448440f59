import { PlayerPlant } from '../ground-truth';
import { SIGN_UP_BONUS } from '../names';
import { HOUR } from '../thresholds';
import { allowedAmount } from '../world/amounts';
import type { Member } from '../world/member';
import { activePeriod, casualPlay, type PlantContext, plantedMember, registerBefore, Script } from './common';

/** How many accounts a ring or farm has: mostly level 1, sometimes level 2, rarely level 3. */
function ringSize(ctx: PlantContext): number {
  const { rng } = ctx;
  const x = rng.float();
  return x < 0.6 ? rng.between(6, 9) : x < 0.95 ? rng.between(10, 18) : rng.between(20, 24);
}

/**
 * Accounts sharing an IP: one operator logs 6–24 accounts (each registered on its own, days or hours
 * before) in from the same proxy within 10–45 minutes, and plays a little on each.
 */
export function plantSharedIp(ctx: PlantContext): void {
  const { world, rng } = ctx;
  const size = ringSize(ctx);
  const ip = world.allocateIp('hosting');
  const plant = new PlayerPlant(ctx.id, 'shared-ip', 'ip', ip);
  world.playerPlants.push(plant);
  const span = rng.range(10, 45) * 60_000;
  const { from } = activePeriod(ctx, span + 20 * 60_000, 5 * HOUR);
  const script = new Script(() => {
    plant.complete = true;
  });
  const members: Member[] = [];
  for (let i = 0; i < size; i++) {
    const member = plantedMember(world, 'shared-ip', rng);
    members.push(member);
    plant.memberIds.push(member.id);
    registerBefore(ctx, script, member, from, [30 * 60_000, 5 * HOUR]);
  }
  const seen = new Set<string>();
  const times = members.map(() => from + rng.range(0, span)).sort((a, b) => a - b);
  members.forEach((member, i) => {
    const t = times[i] ?? from;
    script.at(t, (w, now) => {
      w.emitLogin(now, member, ip, member.devices[0] as string);
      seen.add(member.id);
      plant.observe(now, seen.size);
    });
    casualPlay(script, member, world, rng, t + 20_000, rng.between(3, 10));
  });
  script.start(world);
}

/**
 * A registration farm: 6–24 accounts created from one IP (emulators with fresh device ids) or from one
 * device (behind rotating proxies) within hours, each claiming the welcome bonus and spinning a little.
 * IP farms space their sign-ups at least 21 minutes apart, so their logins never look like a ring.
 */
export function plantRegistrationFarm(ctx: PlantContext): void {
  const { world, rng } = ctx;
  const byDevice = ctx.instance % 2 === 1;
  const size = ringSize(ctx);
  const sharedIp = byDevice ? undefined : world.allocateIp('hosting');
  const sharedDevice = byDevice ? world.allocateDevice() : undefined;
  const gaps = Array.from({ length: size }, () => (byDevice ? rng.range(2, 20) : rng.range(21, 40)) * 60_000);
  const span = gaps.reduce((a, b) => a + b, 0);
  const plant = new PlayerPlant(
    ctx.id,
    'registration-farm',
    byDevice ? 'device' : 'ip',
    sharedDevice ?? sharedIp ?? '',
  );
  world.playerPlants.push(plant);
  const { from } = activePeriod(ctx, span + 30 * 60_000, 0);
  const script = new Script(() => {
    plant.complete = true;
  });
  let t = from;
  for (let i = 0; i < size; i++) {
    const ip = sharedIp ?? world.allocateIp('hosting');
    const device = sharedDevice ?? world.allocateDevice();
    const member = plantedMember(world, 'registration-farm', rng, ip, device);
    plant.memberIds.push(member.id);
    const count = i + 1;
    script.at(t, (w, now) => {
      w.emitRegister(now, member, ip, device);
      plant.observe(now, count);
    });
    const login = t + rng.range(10, 50) * 1_000;
    script.at(login, (w, now) => w.emitLogin(now, member, ip, device));
    script.at(login + 30_000, (w, now) => {
      const cents = allowedAmount(w, member, 'bonus-abuse', now, Math.round(rng.range(100, 500)) * 100);
      if (cents > 0) w.emitBonus(now, member, cents, SIGN_UP_BONUS.category, SIGN_UP_BONUS.eventName);
    });
    casualPlay(script, member, world, rng, login + 60_000, rng.between(2, 8));
    t += gaps[i] ?? 0;
  }
  script.start(world);
}
