import type { AlertType } from '@pitboss/contract';
import { Columns } from './columns';
import type { CompiledRule } from './compiled-rule';
import { levelOf } from './levels';
import { createMeasure, type Measure, pushEvent } from './measures';
import { stateKey } from './state-key';
import type { EngineEvent, Subject } from './types';

/** A position that raised a level not raised there before: its row, its window's first row, what was measured. */
export type Position = [index: number, from: number, value: number, sample: number, level: number];
export type Raise = (state: SubjectState, ...position: Position) => void;

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

export function compareEvents(a: EngineEvent, b: EngineEvent): number {
  return a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The window state of one rule and one subject: its counted events in (time, id) order, each with the
 * level reached at it and the levels raised at it. Every row is a position: the window ending at it is
 * measured, and a level is raised there when it exceeds every level reached at the earlier positions of
 * that window. New rows are merged in order and every position from the earliest new one on is
 * evaluated again, so an event that arrives after later ones is counted exactly where it belongs.
 */
export class SubjectState {
  rows: Columns;
  /** Newest accepted event time, epoch ms. */
  watermark = Number.NEGATIVE_INFINITY;
  /** The engine's batch number when this state was last touched (to unload the least recently used). */
  lastBatch = 0;
  /** Events at or before this time are too late, during the batch `lastBatch`. */
  floor = Number.NEGATIVE_INFINITY;
  /** The batch number when this state last got new rows. */
  changedBatch = 0;
  /** Events of this batch that did not come after every row: merged and evaluated at the end of the batch. */
  pending: EngineEvent[] | undefined;
  readonly key: string;
  private measure: Measure;
  /** The measure and the level counts cover rows [lo, live); live = -1 when they must be rebuilt. */
  private lo = 0;
  private live = -1;
  /** How many positions in the window reached level 1, 2 and 3. */
  private atLevel1 = 0;
  private atLevel2 = 0;
  private atLevel3 = 0;

  constructor(
    readonly ruleId: number,
    readonly subject: Subject,
    private type: AlertType,
  ) {
    this.key = stateKey(ruleId, subject.kind, subject.id);
    this.measure = createMeasure(type);
    this.rows = new Columns(type === 3 || type === 4);
  }

  /** Starts a batch: events at or before `floor` are too late, and rows no window from it on can reach are dropped. */
  begin(batch: number, floor: number, rule: CompiledRule): void {
    this.lastBatch = batch;
    this.floor = floor;
    this.purge(rule.windowStart(floor));
  }

  /**
   * Takes an accepted event of the batch (the engine hands them over in (time, id) order). One that comes
   * after every row is appended and evaluated at once; the others wait for `evaluatePending`.
   */
  add(event: EngineEvent, rule: CompiledRule, raise: Raise): void {
    if (event.time > this.watermark) this.watermark = event.time;
    const rows = this.rows;
    if (this.pending) {
      this.pending.push(event);
      return;
    }
    const order = rows.size === 0 ? -1 : rows.compare(rows.end - 1, event.time, event.id);
    if (order === 0) return; // already held
    if (order > 0) {
      this.pending = [event];
      return;
    }
    pushEvent(rows, this.type, event);
    this.changedBatch = this.lastBatch;
    this.replay(rows.end - 1, rule, raise);
  }

  /** Merges the pending events and evaluates every position from the first new one on. */
  evaluatePending(rule: CompiledRule, raise: Raise | null): void {
    const pending = (this.pending ?? []).sort(compareEvents);
    this.pending = undefined;
    const start = this.merge(pending);
    if (start < 0) return;
    this.changedBatch = this.lastBatch;
    this.replay(start, rule, raise);
  }

  /** Recomputes every level after a change of the rule's window or levels, raising nothing. */
  rescore(rule: CompiledRule): void {
    if (this.rows.size > 0) this.replay(this.rows.head, rule, null);
  }

  /** Drops rows at or before `horizon` that no window evaluated from now on can reach. */
  purge(horizon: number): void {
    const rows = this.rows;
    while (rows.head < this.lo && rows.t(rows.head) <= horizon) rows.head++;
    const shift = rows.compact();
    this.lo -= shift;
    if (this.live >= 0) this.live -= shift;
  }

  snapshot(rule: CompiledRule): SubjectSnapshot {
    const rows = this.rows;
    const entries: SubjectSnapshot['entries'] = [];
    for (let i = rows.head; i < rows.end; i++) {
      entries.push([rows.t(i), rows.id(i), rows.x(i), rows.y(i), rows.member(i), rows.level(i), rows.raised(i)]);
    }
    return { v: 1, rule: rule.signature, subject: this.subject, watermark: this.watermark, entries };
  }

  static restore(ruleId: number, snapshot: SubjectSnapshot, type: AlertType): SubjectState {
    const state = new SubjectState(ruleId, snapshot.subject, type);
    state.watermark = snapshot.watermark ?? Number.NEGATIVE_INFINITY;
    for (const [t, id, x, y, member, level, raised] of snapshot.entries)
      state.rows.push(t, id, x, y, member, level, raised);
    return state;
  }

  /** Merges sorted new events, skipping ones already held; returns the row of the first new one, or -1. */
  private merge(pending: EngineEvent[]): number {
    const rows = this.rows;
    const first = pending[0];
    if (!first) return -1;
    if (rows.size === 0 || rows.compare(rows.end - 1, first.time, first.id) < 0) {
      const start = rows.end;
      for (const event of pending) {
        if (rows.end === start || rows.compare(rows.end - 1, event.time, event.id) !== 0)
          pushEvent(rows, this.type, event);
      }
      return start;
    }
    const merged = rows.empty();
    let start = -1;
    let i = rows.head;
    for (const event of pending) {
      while (i < rows.end && rows.compare(i, event.time, event.id) < 0) merged.pushRow(rows, i++);
      const held = i < rows.end && rows.compare(i, event.time, event.id) === 0;
      if (held || (merged.size > 0 && merged.compare(merged.end - 1, event.time, event.id) === 0)) continue;
      if (start < 0) start = merged.end;
      pushEvent(merged, this.type, event);
    }
    while (i < rows.end) merged.pushRow(rows, i++);
    this.rows = merged;
    this.live = -1;
    return start;
  }

  private replay(start: number, rule: CompiledRule, raise: Raise | null): void {
    const rows = this.rows;
    if (start !== this.live) this.rebuild(start, rule);
    const measure = this.measure;
    for (let i = start; i < rows.end; i++) {
      const time = rows.t(i);
      const from = rule.fixedMs > 0 ? time - rule.fixedMs : rule.windowStart(time);
      while (rows.t(this.lo) <= from) {
        const leaving = rows.level(this.lo);
        measure.remove(rows, this.lo++);
        this.countLevel(leaving, -1);
      }
      const before = this.atLevel3 > 0 ? 3 : this.atLevel2 > 0 ? 2 : this.atLevel1 > 0 ? 1 : 0;
      measure.add(rows, i);
      const value = measure.value();
      const sample = measure.sample();
      const level = levelOf(rule.levels, value, sample);
      rows.setLevel(i, level);
      this.countLevel(level, 1);
      const bit = 1 << level;
      if (raise && level > before && !(rows.raised(i) & bit)) {
        rows.setRaised(i, rows.raised(i) | bit);
        raise(this, i, this.lo, value as number, sample, level);
      }
    }
    this.live = rows.end;
  }

  private countLevel(level: number, delta: number): void {
    if (level === 1) this.atLevel1 += delta;
    else if (level === 2) this.atLevel2 += delta;
    else if (level === 3) this.atLevel3 += delta;
  }

  /** Makes the measure and level counts cover the window before position `start`. */
  private rebuild(start: number, rule: CompiledRule): void {
    const rows = this.rows;
    const from = start < rows.end ? rule.windowStart(rows.t(start)) : Number.NEGATIVE_INFINITY;
    let lo = start;
    while (lo > rows.head && rows.t(lo - 1) > from) lo--;
    this.measure.reset();
    this.atLevel1 = this.atLevel2 = this.atLevel3 = 0;
    for (let i = lo; i < start; i++) {
      this.measure.add(rows, i);
      this.countLevel(rows.level(i), 1);
    }
    this.lo = lo;
  }
}
