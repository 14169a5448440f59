import type { AnomalyKind, PlayerAnomalyKind } from '../ground-truth';
import type { NormalKind } from './behaviour';
import { BetWindow, SumWindow } from './windows';

/**
 * One account on the platform. Normal members are held below every default rule; a planted member is
 * held below every rule but the one its anomaly is meant to trip (`plant`).
 */
export class Member {
  readonly bets = new BetWindow();
  readonly topUps = new SumWindow();
  readonly transfers = new SumWindow();
  readonly bonus = new SumWindow();
  /** Consecutive bets with payout above the stake. */
  streak = 0;
  registered = false;
  /** Favourites chosen when first needed: a game index per game kind, payment routes. */
  favourites = new Map<string, number>();

  constructor(
    readonly index: number,
    readonly id: string,
    readonly kind: NormalKind | 'planted',
    readonly vipLevel: number,
    readonly stakeCents: number,
    readonly ips: readonly string[],
    readonly devices: readonly string[],
    readonly customerId: string | undefined,
    readonly plant: AnomalyKind | undefined,
  ) {}

  /** Whether the governor holds this member below the rule of `kind`. */
  guards(kind: PlayerAnomalyKind): boolean {
    return this.plant !== kind;
  }
}
