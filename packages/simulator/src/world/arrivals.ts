import { Random } from '../random';
import { rhythmAt } from '../rhythm';
import { KIND_PROFILES, type NormalKind, SESSION_BETS } from './behaviour';
import { NormalSession } from './normal-session';
import type { AliasTable } from './population';
import type { Action, World } from './world';

const HOUR = 3_600_000;
/** About how long a session lasts, in seconds (a mix of short slot runs and long table sessions). */
const TYPICAL_SESSION_SECONDS = 150;

/**
 * Members arrive as a Poisson process whose rate follows the daily rhythm. The rate starts from an
 * estimate of events per session and is corrected every simulated hour against the events actually
 * produced, so the realised rate averages `eventsPerSecond` whatever the mix of sessions turns out to be.
 */
export class Arrivals implements Action {
  time = 0;
  seq = 0;
  /** Sessions per second at rhythm 1. */
  sessionsPerSecond: number;
  private readonly rng: Random;
  private warm = false;

  constructor(
    world: World,
    private readonly alias: AliasTable,
  ) {
    this.rng = new Random(world.opts.seed, 0xa881);
    this.sessionsPerSecond = world.opts.eventsPerSecond / estimatedEventsPerSession();
  }

  run(world: World): boolean {
    if (!this.warm) {
      this.warm = true;
      // A platform is not empty when the simulation starts: open as many sessions as are usually under
      // way, within the first half minute, so the first minutes already run at the usual rate.
      const open = Math.round(this.sessionsPerSecond * rhythmAt(this.time) * TYPICAL_SESSION_SECONDS);
      for (let i = 0; i < open; i++) this.spawn(world, this.time + this.rng.range(0, 30_000));
    }
    this.spawn(world, this.time);
    const rate = this.sessionsPerSecond * rhythmAt(this.time);
    this.time += this.rng.exp(1_000 / rate);
    return true;
  }

  private spawn(world: World, time: number): void {
    const member = world.members[this.alias.draw(this.rng)];
    if (member) world.schedule(new NormalSession(world, member, world.stats.sessions++), time);
  }
}

export class Calibrator implements Action {
  time = 0;
  seq = 0;
  private emittedAtLastCheck = 0;

  constructor(private readonly arrivals: Arrivals) {}

  run(world: World): boolean {
    const produced = world.emitted - this.emittedAtLastCheck;
    this.emittedAtLastCheck = world.emitted;
    let expected = 0;
    for (let minute = 0; minute < 60; minute++) expected += rhythmAt(this.time - HOUR + minute * 60_000 + 30_000);
    expected *= world.opts.eventsPerSecond * 60;
    if (produced > 0) {
      const correction = Math.min(1.25, Math.max(0.8, Math.sqrt(expected / produced)));
      this.arrivals.sessionsPerSecond *= correction;
    }
    this.time += HOUR;
    return true;
  }
}

function estimatedEventsPerSession(): number {
  let total = 0;
  let weight = 0;
  for (const kind of Object.keys(KIND_PROFILES) as NormalKind[]) {
    const p = KIND_PROFILES[kind];
    let bets = 0;
    let prefSum = 0;
    for (const [game, pref] of Object.entries(p.prefs)) {
      bets += pref * (SESSION_BETS[game as keyof typeof SESSION_BETS] ?? 10);
      prefSum += pref;
    }
    const events = 1.03 + p.topUp[0] + p.promo + 0.4 + p.transfer[0] + bets / prefSum;
    const w = p.share * p.weight[0];
    total += w * events;
    weight += w;
  }
  return total / weight;
}
