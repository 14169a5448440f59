import type { AlertRule, AlertType } from '@pitboss/contract';
import { levelOf } from './levels';
import { createMeasure, type Entry, type Measure } from './measures';
import type { Subject } from './types';
import { windowStart } from './windows';

/** A rule as the engine runs it. */
export interface CompiledRule {
  id: number;
  type: AlertType;
  levels: AlertRule['Levels'];
  /** Changes whenever the window or the levels change; stored in snapshots. */
  signature: string;
  windowStart(time: number): number;
}

export function compileRule(rule: AlertRule): CompiledRule {
  const { EventID, EventType, TimeUnit, LoopValue, Levels } = rule;
  return {
    id: EventID,
    type: EventType,
    levels: Levels,
    signature: JSON.stringify([EventType, TimeUnit, LoopValue, Levels]),
    windowStart: (time) => windowStart(time, TimeUnit, LoopValue),
  };
}

/** Called when a position raises a level not raised there before: the window is entries[from..index]. */
export type Raise = (index: number, from: number, value: number, sample: number, level: number) => void;

export interface SubjectSnapshot {
  v: 1;
  /** The rule's signature when the snapshot was taken. */
  rule: string;
  subject: Subject;
  /** Newest event time of the subject (epoch ms): persisted states at or below the rule's expiry horizon can be deleted. */
  watermark: number;
  /** [time, id, x, y, member, level, raised] oldest first. */
  entries: [number, string, number, number, string, number, number][];
}

export function compareEntries(a: Entry, b: Entry): number {
  return a.t - b.t || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The window state of one rule and one subject: its counted events in (time, id) order, each with the
 * level reached at it and the levels raised at it. Every entry is a position: the window ending at it is
 * measured, and a level is raised there when it exceeds every level reached at the earlier positions of
 * that window. New entries are merged in order and every position from the earliest new one on is
 * evaluated again, so an event that arrives after later ones is counted exactly where it belongs.
 */
export class SubjectState {
  entries: Entry[] = [];
  /** Newest accepted event time, epoch ms. */
  watermark = Number.NEGATIVE_INFINITY;
  /** Accepted events of the current batch, not yet merged. */
  pending: Entry[] = [];
  private measure: Measure;
  /** The measure and levelCounts cover entries[lo..live); live = -1 when they must be rebuilt. */
  private lo = 0;
  private live = -1;
  private levelCounts = [0, 0, 0, 0];

  constructor(
    readonly key: string,
    readonly subject: Subject,
    type: AlertType,
  ) {
    this.measure = createMeasure(type);
  }

  /** Merges the pending entries and evaluates every position from the first new one on; false when nothing was new. */
  evaluate(rule: CompiledRule, raise: Raise | null): boolean {
    const pending = this.pending.sort(compareEntries);
    this.pending = [];
    const last = pending[pending.length - 1];
    if (last && last.t > this.watermark) this.watermark = last.t;
    const start = this.merge(pending);
    if (start < 0) return false;
    this.replay(start, rule, raise);
    return true;
  }

  /** Recomputes every level after a change of the rule's window or levels, raising nothing. */
  rescore(rule: CompiledRule): void {
    if (this.entries.length > 0) this.replay(0, rule, null);
  }

  /** Drops entries at or before `horizon` that no window evaluated from now on can reach. */
  purge(horizon: number): void {
    let count = 0;
    while (count < this.lo && (this.entries[count] as Entry).t <= horizon) count++;
    if (count === 0) return;
    this.entries.splice(0, count);
    this.lo -= count;
    if (this.live >= 0) this.live -= count;
  }

  snapshot(rule: CompiledRule): SubjectSnapshot {
    return {
      v: 1,
      rule: rule.signature,
      subject: this.subject,
      watermark: this.watermark,
      entries: this.entries.map((e) => [e.t, e.id, e.x, e.y, e.member, e.level, e.raised]),
    };
  }

  static restore(key: string, snapshot: SubjectSnapshot, type: AlertType): SubjectState {
    const state = new SubjectState(key, snapshot.subject, type);
    state.watermark = snapshot.watermark ?? Number.NEGATIVE_INFINITY;
    state.entries = snapshot.entries.map(([t, id, x, y, member, level, raised]) => ({
      t,
      id,
      x,
      y,
      member,
      level,
      raised,
    }));
    return state;
  }

  /** Merges sorted new entries, skipping ones already held; returns the index of the first new one, or -1. */
  private merge(pending: Entry[]): number {
    const entries = this.entries;
    const last = entries[entries.length - 1];
    const first = pending[0];
    if (!first) return -1;
    if (!last || compareEntries(first, last) > 0) {
      const start = entries.length;
      for (const entry of pending) {
        const previous = entries[entries.length - 1];
        if (!previous || compareEntries(entry, previous) !== 0) entries.push(entry);
      }
      return start;
    }
    const merged: Entry[] = [];
    let start = -1;
    let i = 0;
    for (const entry of pending) {
      while (i < entries.length && compareEntries(entries[i] as Entry, entry) < 0) merged.push(entries[i++] as Entry);
      const previous = merged[merged.length - 1];
      const held = i < entries.length && compareEntries(entries[i] as Entry, entry) === 0;
      if (held || (previous && compareEntries(previous, entry) === 0)) continue;
      if (start < 0) start = merged.length;
      merged.push(entry);
    }
    while (i < entries.length) merged.push(entries[i++] as Entry);
    this.entries = merged;
    this.live = -1;
    return start;
  }

  private replay(start: number, rule: CompiledRule, raise: Raise | null): void {
    const entries = this.entries;
    if (start !== this.live) this.rebuild(start, rule);
    const measure = this.measure;
    const counts = this.levelCounts;
    for (let i = start; i < entries.length; i++) {
      const entry = entries[i] as Entry;
      const from = rule.windowStart(entry.t);
      while ((entries[this.lo] as Entry).t <= from) {
        const leaving = entries[this.lo++] as Entry;
        measure.remove(leaving);
        counts[leaving.level] = (counts[leaving.level] ?? 0) - 1;
      }
      const before = counts[3] ? 3 : counts[2] ? 2 : counts[1] ? 1 : 0;
      measure.add(entry);
      const value = measure.value();
      const sample = measure.sample();
      const level = levelOf(rule.levels, value, sample);
      entry.level = level;
      counts[level] = (counts[level] ?? 0) + 1;
      if (raise && level > before && !(entry.raised & (1 << level))) {
        entry.raised |= 1 << level;
        raise(i, this.lo, value as number, sample, level);
      }
    }
    this.live = entries.length;
  }

  /** Makes the measure and level counts cover the window before position `start`. */
  private rebuild(start: number, rule: CompiledRule): void {
    const entries = this.entries;
    const from = start < entries.length ? rule.windowStart((entries[start] as Entry).t) : Number.NEGATIVE_INFINITY;
    let lo = start;
    while (lo > 0 && (entries[lo - 1] as Entry).t > from) lo--;
    this.measure.reset();
    this.levelCounts.fill(0);
    for (let i = lo; i < start; i++) {
      const entry = entries[i] as Entry;
      this.measure.add(entry);
      this.levelCounts[entry.level] = (this.levelCounts[entry.level] ?? 0) + 1;
    }
    this.lo = lo;
  }
}
