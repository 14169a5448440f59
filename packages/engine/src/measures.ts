import { type AlertType, canonicalIp } from '@pitboss/contract';
import type { Columns } from './columns';
import { ExactSum } from './exact-sum';
import type { EngineEvent, SubjectKind } from './types';

export type Visit = (kind: SubjectKind, id: string) => void;

/** Calls `visit` once per subject whose window this event counts in, for rules of `type`. */
export function forEachSubject(type: AlertType, event: EngineEvent, visit: Visit): void {
  switch (type) {
    case 1:
    case 2:
      if (event.type === 'bet') visit('member', event.memberId);
      return;
    case 3:
      if (event.type === 'login' && event.success) visit('ip', canonicalIp(event.ip));
      return;
    case 4:
      if (event.type !== 'register') return;
      visit('ip', canonicalIp(event.ip));
      if (event.device !== undefined) visit('device', event.device);
      return;
    case 5:
      if (event.type === 'purchase' && event.baseAmount !== null) visit('member', event.memberId);
      return;
    case 6:
      if (event.type === 'transfer' && event.baseAmount !== null) visit('member', event.memberId);
      return;
    case 7:
      if (event.type === 'bonus') visit('member', event.memberId);
      return;
  }
}

/** Appends a counted event as a row: x and y carry what the rule type measures (see `Columns`). */
export function pushEvent(columns: Columns, type: AlertType, event: EngineEvent): void {
  let x = 0;
  let y = 0;
  let member = '';
  if (event.type === 'bet') {
    x = type === 1 ? event.stake : event.payout > event.stake ? 1 : 0;
    y = type === 1 ? event.payout : 0;
  } else if (event.type === 'purchase' || event.type === 'transfer') x = event.baseAmount ?? 0;
  else if (event.type === 'bonus') x = event.points;
  else member = event.memberId;
  columns.push(event.time, event.id, x, y, member);
}

/** The running measure of one window: entries are added at its end and removed from its start. */
export interface Measure {
  reset(): void;
  add(rows: Columns, i: number): void;
  remove(rows: Columns, i: number): void;
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
  add(rows: Columns, i: number) {
    this.stake.add(rows.x(i));
    this.payout.add(rows.y(i));
    this.count++;
  }
  remove(rows: Columns, i: number) {
    this.stake.add(-rows.x(i));
    this.payout.add(-rows.y(i));
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
  add(rows: Columns, i: number) {
    this.run = rows.x(i) === 1 ? this.run + 1 : 0;
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
  add(rows: Columns, i: number) {
    const member = rows.member(i);
    this.members.set(member, (this.members.get(member) ?? 0) + 1);
    this.count++;
  }
  remove(rows: Columns, i: number) {
    const member = rows.member(i);
    const left = (this.members.get(member) ?? 0) - 1;
    if (left > 0) this.members.set(member, left);
    else this.members.delete(member);
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
  add(rows: Columns, i: number) {
    this.sum.add(rows.x(i));
    this.count++;
  }
  remove(rows: Columns, i: number) {
    this.sum.add(-rows.x(i));
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
 * The events behind a value measured over rows `from..to` (inclusive, oldest first): the streak's
 * bets; for distinct members, each member's newest event; otherwise every event of the window. Keeps
 * the newest `cap`, returned oldest first.
 */
export function evidenceOf(
  type: AlertType,
  rows: Columns,
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
      const member = rows.member(i);
      if (seen.has(member)) continue;
      seen.add(member);
      count++;
      if (ids.length < cap) ids.push(rows.id(i));
    }
  } else {
    const first = type === 2 ? to - value + 1 : from;
    count = to - first + 1;
    for (let i = to; i >= first && ids.length < cap; i--) ids.push(rows.id(i));
  }
  return { eventIds: ids.reverse(), eventCount: count };
}
