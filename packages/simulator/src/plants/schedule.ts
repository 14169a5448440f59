import type { AnomalyKind } from '../ground-truth';
import { Random } from '../random';
import { DAY, HOUR } from '../thresholds';
import type { Action, World } from '../world/world';
import type { PlantContext } from './common';
import { Script } from './common';
import { plantOpposingBets, plantRtpDrift } from './games';
import { plantHighRatio } from './high-ratio';
import { plantRegistrationFarm, plantSharedIp } from './logins';
import { plantBonusAbuse, plantHeavyTopUp, plantTransferMule } from './money';
import { plantWinStreak } from './win-streak';

const PLANTERS: Record<Exclude<AnomalyKind, 'rtp-drift'>, (ctx: PlantContext) => void> = {
  'high-ratio': plantHighRatio,
  'win-streak': plantWinStreak,
  'shared-ip': plantSharedIp,
  'registration-farm': plantRegistrationFarm,
  'heavy-top-up': plantHeavyTopUp,
  'transfer-mule': plantTransferMule,
  'bonus-abuse': plantBonusAbuse,
  'opposing-bets': plantOpposingBets,
};
const ORDER = Object.keys(PLANTERS) as Exclude<AnomalyKind, 'rtp-drift'>[];

/**
 * Draws each simulated day's anomalies six hours before the day starts (at the start for day 0), so
 * their accounts can register beforehand. Days count from `start`; every plant finishes inside its day.
 */
export class PlantScheduler implements Action {
  time = 0;
  seq = 0;
  private day = 0;

  run(world: World): boolean {
    const { seed, start, anomalies, anomaliesPerDay } = world.opts;
    const dayStart = start + this.day * DAY;
    const earliest = Math.max(start, this.time);
    const base = { world, day: this.day, dayStart, earliest };
    for (const kind of ORDER) {
      if (!anomalies.has(kind)) continue;
      for (let instance = 0; instance < anomaliesPerDay; instance++) {
        const rng = new Random(seed, this.day, ORDER.indexOf(kind), instance, 0x91a7);
        PLANTERS[kind]({ ...base, rng, instance, id: `d${this.day}-${kind}-${instance + 1}` });
      }
    }
    if (anomalies.has('rtp-drift')) {
      const taken = new Set<number>();
      for (let instance = 0; instance < anomaliesPerDay; instance++) {
        const rng = new Random(seed, this.day, 99, instance, 0x91a7);
        plantRtpDrift({ ...base, rng, instance, id: `d${this.day}-rtp-drift-${instance + 1}` }, taken);
      }
    }
    credentialStuffing(world, new Random(seed, this.day, 0xdec0), dayStart, earliest);
    this.day++;
    this.time = start + this.day * DAY - 6 * HOUR;
    return true;
  }
}

/**
 * Not an anomaly to alert on: a bot at one address tries 8–20 existing accounts with wrong passwords.
 * Failed logins must not count towards "distinct members who logged in from one IP".
 */
function credentialStuffing(world: World, rng: Random, dayStart: number, earliest: number): void {
  const ip = world.allocateIp('hosting');
  const at = Math.max(earliest, dayStart) + rng.range(HOUR, 20 * HOUR);
  const script = new Script();
  const attempts = rng.between(8, 20);
  for (let i = 0; i < attempts; i++) {
    const member = world.members[rng.int(world.opts.members)];
    if (!member) continue;
    script.at(at + i * rng.range(5_000, 40_000), (w, t) => {
      if (member.registered) w.emitLogin(t, member, ip, 'web/python-requests 2.32', false);
    });
  }
  script.start(world);
}
