import type { AlertRule } from '@pitboss/contract';
import { buildAlert, compareAlerts, isExempt } from './build-alert';
import { type CompiledRule, compileRule } from './compiled-rule';
import { forEachSubject, type Visit } from './measures';
import { parseStateKey, stateKey } from './state-key';
import { StateTable } from './state-table';
import { compareEvents, type Position, type Raise, type SubjectSnapshot, SubjectState } from './subject-state';
import type { Alert, EngineEvent, EngineOptions, Exemptions } from './types';

const HOUR = 3_600_000;
const NO_EXEMPTIONS: Exemptions = { isMemberExempt: () => false, isIpExempt: () => false };
const RULE_TYPES_BY_EVENT: Record<EngineEvent['type'], readonly number[]> = {
  bet: [1, 2],
  login: [3],
  register: [4],
  purchase: [5],
  transfer: [6],
  bonus: [7],
};

export interface BatchResult {
  /** New alerts, ordered by time, event id, rule and subject. */
  alerts: Alert[];
  /** State keys whose state changed: persist `snapshotState(key)` for each. */
  dirty: string[];
  /** (event, rule, subject) pairs ignored because the event came too late (README "Late and out-of-order events"). */
  tooLate: number;
}

/** Engine-wide state to persist beside the subjects' states: each rule's watermark (newest event time). */
export interface EngineMeta {
  v: 1;
  watermarks: Record<string, number>;
}

export interface EngineSnapshot {
  meta: EngineMeta;
  states: Record<string, SubjectSnapshot>;
}

export class MissingStateError extends Error {
  constructor(readonly keys: string[]) {
    super(`state not loaded for ${keys.length} key(s), e.g. ${keys[0]}`);
  }
}

/**
 * The player-alert detectors of one company: its rules, each subject's window state and each rule's
 * watermark. `process` is pure apart from that state: no clock, no I/O.
 */
export class Engine {
  private rules = new Map<number, CompiledRule>();
  private rulesByEvent = new Map<EngineEvent['type'], CompiledRule[]>();
  private states = new StateTable();
  /** Batches processed, to find the least recently used states. */
  private batches = 0;
  private watermarks = new Map<number, number>();
  private exemptions: Exemptions;
  private readonly subjectLatenessMs: number;
  private readonly ruleLatenessMs: number;
  private readonly evidenceCap: number;
  private readonly lazy: boolean;

  constructor(input: {
    rules: readonly AlertRule[];
    exemptions?: Exemptions;
    options?: EngineOptions;
    snapshot?: EngineSnapshot;
  }) {
    const options = input.options ?? {};
    this.subjectLatenessMs = options.subjectLatenessMs ?? HOUR;
    this.ruleLatenessMs = options.ruleLatenessMs ?? 24 * HOUR;
    this.evidenceCap = options.evidenceCap ?? 200;
    this.lazy = options.lazy ?? false;
    if (!(this.subjectLatenessMs >= 0 && this.ruleLatenessMs >= 0 && this.evidenceCap >= 0)) {
      throw new RangeError('lateness and evidenceCap must be 0 or more');
    }
    this.exemptions = input.exemptions ?? NO_EXEMPTIONS;
    this.setRules(input.rules);
    if (input.snapshot) {
      this.restoreMeta(input.snapshot.meta);
      for (const [key, state] of Object.entries(input.snapshot.states)) this.load(key, state);
    }
  }

  /** Replaces the rules. States of removed rules, or of rules whose type changed, are dropped (returned); others are rescored. */
  setRules(rules: readonly AlertRule[]): string[] {
    const previous = this.rules;
    this.rules = new Map(rules.filter((r) => r.Enabled).map((r) => [r.EventID, compileRule(r)]));
    this.rulesByEvent.clear();
    for (const [eventType, types] of Object.entries(RULE_TYPES_BY_EVENT)) {
      const matching = [...this.rules.values()].filter((r) => types.includes(r.type));
      this.rulesByEvent.set(eventType as EngineEvent['type'], matching);
    }
    const dropped: string[] = [];
    for (const state of [...this.states.values()]) {
      const rule = this.rules.get(state.ruleId);
      const old = previous.get(state.ruleId);
      if (!rule || (old && old.type !== rule.type)) {
        this.states.delete(state);
        dropped.push(state.key);
      } else if (old && old.signature !== rule.signature) state.rescore(rule);
    }
    for (const ruleId of this.watermarks.keys()) if (!this.rules.has(ruleId)) this.watermarks.delete(ruleId);
    return dropped;
  }

  setExemptions(exemptions: Exemptions): void {
    this.exemptions = exemptions;
  }

  /** The state keys a batch touches that are not resident: `load` each (with null when none is stored) before `process`. */
  missingKeys(events: readonly EngineEvent[]): string[] {
    const missing = new Set<string>();
    for (const event of events) {
      for (const rule of this.rulesByEvent.get(event.type) ?? []) {
        forEachSubject(rule.type, event, (kind, id) => {
          if (!this.states.get(rule.id, kind, id)) missing.add(stateKey(rule.id, kind, id));
        });
      }
    }
    return [...missing];
  }

  /** Makes a state resident from its snapshot, or empty (null). A snapshot of another rule type starts empty. */
  load(key: string, snapshot: SubjectSnapshot | null): void {
    const { ruleId, subject } = parseStateKey(key);
    const rule = this.rules.get(ruleId);
    if (!rule) return;
    const sameType = snapshot !== null && JSON.parse(snapshot.rule)[0] === rule.type;
    const state = sameType
      ? SubjectState.restore(ruleId, snapshot, rule.type)
      : new SubjectState(ruleId, subject, rule.type);
    if (sameType && snapshot.rule !== rule.signature) state.rescore(rule);
    this.states.set(ruleId, state);
  }

  process(events: readonly EngineEvent[]): BatchResult {
    this.checkResident(events);
    const batch = ++this.batches;
    const alerts: Alert[] = [];
    const dirty: string[] = [];
    const merging: SubjectState[] = [];
    const raise: Raise = (state, ...position) => this.raise(state, alerts, ...position);
    let tooLate = 0;
    let rule: CompiledRule | undefined;
    let event: EngineEvent | undefined;
    const visit: Visit = (kind, id) => {
      if (!rule || !event) return;
      let state = this.states.get(rule.id, kind, id);
      if (!state) {
        state = new SubjectState(rule.id, { kind, id }, rule.type);
        this.states.set(rule.id, state);
      }
      // Lateness is judged against the watermarks as they were before this batch.
      if (state.lastBatch !== batch) state.begin(batch, this.acceptanceFloor(rule, state), rule);
      if (!(event.time > state.floor)) {
        tooLate++; // also an unparseable (NaN) time
        return;
      }
      const waiting = state.pending !== undefined;
      const changed = state.changedBatch === batch;
      state.add(event, rule, raise);
      if (!waiting && state.pending) merging.push(state);
      if (!changed && state.changedBatch === batch) dirty.push(state.key);
      if (event.time > rule.newestInBatch) rule.newestInBatch = event.time;
    };
    // In (time, id) order, most events come after everything their subject holds and are evaluated at once.
    for (event of isSorted(events) ? events : [...events].sort(compareEvents)) {
      for (rule of this.rulesByEvent.get(event.type) ?? []) forEachSubject(rule.type, event, visit);
    }
    for (const state of merging) {
      const changed = state.changedBatch === batch;
      state.evaluatePending(this.rules.get(state.ruleId) as CompiledRule, raise);
      if (!changed && state.changedBatch === batch) dirty.push(state.key);
    }
    for (const changed of this.rules.values()) {
      const watermark = this.watermarks.get(changed.id) ?? Number.NEGATIVE_INFINITY;
      if (changed.newestInBatch > watermark) this.watermarks.set(changed.id, changed.newestInBatch);
      changed.newestInBatch = Number.NEGATIVE_INFINITY;
    }
    alerts.sort(compareAlerts);
    return { alerts, dirty, tooLate };
  }

  /** In lazy mode, refuses a batch whose states were not all loaded, before changing anything. */
  private checkResident(events: readonly EngineEvent[]): void {
    if (!this.lazy) return;
    const missing = this.missingKeys(events);
    if (missing.length > 0) throw new MissingStateError(missing);
  }

  /** The snapshot of one resident state, to persist (JSON-serialisable). */
  snapshotState(key: string): SubjectSnapshot | undefined {
    const state = this.states.getByKey(key);
    const rule = state && this.rules.get(state.ruleId);
    return state && rule ? state.snapshot(rule) : undefined;
  }

  meta(): EngineMeta {
    return { v: 1, watermarks: Object.fromEntries(this.watermarks) };
  }

  restoreMeta(meta: EngineMeta): void {
    this.watermarks = new Map(
      Object.entries(meta.watermarks)
        .map(([id, time]) => [Number(id), time] as const)
        .filter(([id]) => this.rules.has(id)),
    );
  }

  /** Every resident state and the meta, JSON-serialisable. */
  snapshot(): EngineSnapshot {
    const states: Record<string, SubjectSnapshot> = {};
    for (const state of this.states.values()) {
      const rule = this.rules.get(state.ruleId);
      if (rule) states[state.key] = state.snapshot(rule);
    }
    return { meta: this.meta(), states };
  }

  /**
   * A persisted state of this rule whose watermark is at or below this time can never count again: delete
   * it (its absence behaves exactly like it). Moves forward as the rule's watermark does.
   */
  expiryHorizon(ruleId: number): number {
    const rule = this.rules.get(ruleId);
    const watermark = this.watermarks.get(ruleId);
    if (!rule || watermark === undefined) return Number.NEGATIVE_INFINITY;
    return rule.windowStart(watermark - this.ruleLatenessMs);
  }

  /** Drops resident states that can never count again (see `expiryHorizon`); returns their keys. */
  expire(): string[] {
    const expired: string[] = [];
    for (const state of [...this.states.values()]) {
      if (state.watermark <= this.expiryHorizon(state.ruleId)) {
        this.states.delete(state);
        expired.push(state.key);
      }
    }
    return expired;
  }

  /** Unloads the least recently used states beyond `maxResident` (lazy mode: persist dirty states first). */
  unload(maxResident: number): string[] {
    const excess = this.states.size - maxResident;
    if (excess <= 0) return [];
    const oldest = [...this.states.values()].sort((a, b) => a.lastBatch - b.lastBatch).slice(0, excess);
    for (const state of oldest) this.states.delete(state);
    return oldest.map((state) => state.key);
  }

  residentCount(): number {
    return this.states.size;
  }

  /** Events at or before this time are too late for this subject (README "Late and out-of-order events"). */
  private acceptanceFloor(rule: CompiledRule, state: SubjectState): number {
    const ruleWatermark = this.watermarks.get(rule.id) ?? Number.NEGATIVE_INFINITY;
    return Math.max(state.watermark - this.subjectLatenessMs, ruleWatermark - this.ruleLatenessMs);
  }

  /** Turns a raised position into an alert, unless its subject is whitelisted. */
  private raise(state: SubjectState, alerts: Alert[], ...position: Position) {
    const rule = this.rules.get(state.ruleId);
    if (rule && !isExempt(this.exemptions, state.subject)) {
      const alert = buildAlert(rule, state, position, this.evidenceCap);
      if (alert) alerts.push(alert);
    }
  }
}

function isSorted(events: readonly EngineEvent[]): boolean {
  for (let i = 1; i < events.length; i++) {
    if (compareEvents(events[i - 1] as EngineEvent, events[i] as EngineEvent) > 0) return false;
  }
  return true;
}
