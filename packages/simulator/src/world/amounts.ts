import type { PlayerAnomalyKind } from '../ground-truth';
import { NORMAL_BOUNDS } from '../thresholds';
import type { Member } from './member';
import type { SumWindow } from './windows';
import type { World } from './world';

const BOUNDS: Record<'heavy-top-up' | 'transfer-mule' | 'bonus-abuse', number> = {
  'heavy-top-up': NORMAL_BOUNDS.topUp * 100,
  'transfer-mule': NORMAL_BOUNDS.transfer * 100,
  'bonus-abuse': NORMAL_BOUNDS.bonus * 100,
};

function windowOf(member: Member, kind: keyof typeof BOUNDS): SumWindow {
  return kind === 'heavy-top-up' ? member.topUps : kind === 'transfer-mule' ? member.transfers : member.bonus;
}

/**
 * The part of an amount (cents) a member may add to a one-day total without passing the normal bound
 * for `kind`: a normal VIP tops up less once they have topped up a lot today. 0 when nothing fits.
 */
export function allowedAmount(
  world: World,
  member: Member,
  kind: Extract<PlayerAnomalyKind, keyof typeof BOUNDS>,
  t: number,
  cents: number,
): number {
  const window = windowOf(member, kind);
  window.evict(t);
  if (!member.guards(kind)) return cents;
  const room = BOUNDS[kind] - window.total;
  if (cents <= room) return cents;
  world.stats.amountsCapped++;
  return Math.max(0, Math.floor(room));
}
