import type { AlertType } from '@pitboss/contract';
import { ExactSum } from './exact-sum';
import type { EngineEvent, SubjectKind } from './types';
import { canonicalIp } from './whitelist';

/** One counted event of a subject, as a rule keeps it in its window. */
export interface Entry {
  /** Event time, epoch ms; entries are ordered by (t, id). */
  t: number;
  id: string;
  /** Stake (ratio), 1 for a win else 0 (streak), amount in base currency or points (sums). */
  x: number;
  /** Payout (ratio); 0 otherwise. */
  y: number;
  /** The member (distinct-member counts); '' otherwise. */
  member: string;
  /** The level reached when this entry's position was evaluated (0 = none). */
  level: number;
  /** Bit mask of the levels already raised at this position (bit n = level n). */
  raised: number;
}

export type Visit = (kind: SubjectKind, id: string, x: number, y: number, member: string) => void;

/** Calls `visit` once per subject whose window this event counts in, for rules of `type`. */
export function forEachSubject(type: AlertType, event: EngineEvent, visit: Visit): void {
  switch (type) {
    case 1:
      if (event.type === 'bet') visit('member', event.memberId, event.stake, event.payout, '');
      return;
    case 2:
      if (event.type === 'bet') visit('member', event.memberId, event.payout > event.stake ? 1 : 0, 0, '');
      return;
    case 3:
      if (event.type === 'login' && event.success) visit('ip', canonicalIp(event.ip), 0, 0, event.memberId);
      return;
    case 4:
      if (event.type !== 'register') return;
      visit('ip', canonicalIp(event.ip), 0, 0, event.memberId);
      if (event.device !== undefined) visit('device', event.device, 0, 0, event.memberId);
      return;
    case 5:
      if (event.type === 'purchase' && event.baseAmount !== null)
        visit('member', event.memberId, event.baseAmount, 0, '');
      return;
    case 6:
      if (event.type === 'transfer' && event.baseAmount !== null)
        visit('member', event.memberId, event.baseAmount, 0, '');
      return;
    case 7:
      if (event.type === 'bonus') visit('member', event.memberId, event.points, 0, '');
      return;
  }
}

/** The running measure of one window: entries are added at its end and removed from its start. */
export interface Measure {
  reset(): void;
  add(entry: Entry): void;
  remove(entry: Entry): void;
  /** The measured value, or null when it cannot be measured (a ratio over no stake). */
  value(): number | null;
  /** How many entries the window holds. */
  sample(): number;
}

class RatioMeasure implements Measure {
  private stake = new ExactSum();
  private payout = new ExactSum();
  private count = 0;
  reset() {
    this.stake.reset();
    this.payout.reset();
    this.count = 0;
  }
  add(entry: Entry) {
    this.stake.add(entry.x);
    this.payout.add(entry.y);
    this.count++;
  }
  remove(entry: Entry) {
    this.stake.add(-entry.x);
    this.payout.add(-entry.y);
    this.count--;
  }
  value() {
    const stake = this.stake.value();
    return stake > 0 ? this.payout.value() / stake : null;
  }
  sample() {
    return this.count;
  }
}

/** Consecutive wins ending at the newest entry, counting only entries still in the window. */
class StreakMeasure implements Measure {
  private run = 0;
  private count = 0;
  reset() {
    this.run = 0;
    this.count = 0;
  }
  add(entry: Entry) {
    this.run = entry.x === 1 ? this.run + 1 : 0;
    this.count++;
  }
  remove() {
    this.count--;
  }
  value() {
    return Math.min(this.run, this.count);
  }
  sample() {
    return this.count;
  }
}

class DistinctMembersMeasure implements Measure {
  private members = new Map<string, number>();
  private count = 0;
  reset() {
    this.members.clear();
    this.count = 0;
  }
  add(entry: Entry) {
    this.members.set(entry.member, (this.members.get(entry.member) ?? 0) + 1);
    this.count++;
  }
  remove(entry: Entry) {
    const left = (this.members.get(entry.member) ?? 0) - 1;
    if (left > 0) this.members.set(entry.member, left);
    else this.members.delete(entry.member);
    this.count--;
  }
  value() {
    return this.members.size;
  }
  sample() {
    return this.count;
  }
}

class SumMeasure implements Measure {
  private sum = new ExactSum();
  private count = 0;
  reset() {
    this.sum.reset();
    this.count = 0;
  }
  add(entry: Entry) {
    this.sum.add(entry.x);
    this.count++;
  }
  remove(entry: Entry) {
    this.sum.add(-entry.x);
    this.count--;
  }
  value() {
    return this.sum.value();
  }
  sample() {
    return this.count;
  }
}

export function createMeasure(type: AlertType): Measure {
  switch (type) {
    case 1:
      return new RatioMeasure();
    case 2:
      return new StreakMeasure();
    case 3:
    case 4:
      return new DistinctMembersMeasure();
    default:
      return new SumMeasure();
  }
}

/**
 * The events behind a value measured over `entries[from..to]` (inclusive, oldest first): the streak's
 * bets; for distinct members, each member's newest event; otherwise every event of the window. Keeps
 * the newest `cap`, returned oldest first.
 */
export function evidenceOf(
  type: AlertType,
  entries: readonly Entry[],
  from: number,
  to: number,
  value: number,
  cap: number,
): { eventIds: string[]; eventCount: number } {
  const ids: string[] = [];
  let count = 0;
  if (type === 3 || type === 4) {
    const seen = new Set<string>();
    for (let i = to; i >= from; i--) {
      const entry = entries[i] as Entry;
      if (seen.has(entry.member)) continue;
      seen.add(entry.member);
      count++;
      if (ids.length < cap) ids.push(entry.id);
    }
  } else {
    const first = type === 2 ? to - value + 1 : from;
    count = to - first + 1;
    for (let i = to; i >= first && ids.length < cap; i--) ids.push((entries[i] as Entry).id);
  }
  return { eventIds: ids.reverse(), eventCount: count };
}
