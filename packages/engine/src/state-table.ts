import { parseStateKey } from './state-key';
import type { SubjectState } from './subject-state';
import type { SubjectKind } from './types';

/**
 * The resident states, indexed by rule, subject kind and subject id: the hot path looks a state up by
 * the event's own id string (hashed once) instead of building and hashing a composite key per event.
 */
export class StateTable {
  private byRule = new Map<number, Record<SubjectKind, Map<string, SubjectState>>>();

  get(ruleId: number, kind: SubjectKind, id: string): SubjectState | undefined {
    return this.byRule.get(ruleId)?.[kind].get(id);
  }

  getByKey(key: string): SubjectState | undefined {
    const { ruleId, subject } = parseStateKey(key);
    return this.get(ruleId, subject.kind, subject.id);
  }

  set(ruleId: number, state: SubjectState): void {
    let kinds = this.byRule.get(ruleId);
    if (!kinds) {
      kinds = { member: new Map(), ip: new Map(), device: new Map() };
      this.byRule.set(ruleId, kinds);
    }
    kinds[state.subject.kind].set(state.subject.id, state);
  }

  delete(state: SubjectState): void {
    this.byRule.get(state.ruleId)?.[state.subject.kind].delete(state.subject.id);
  }

  *values(): Generator<SubjectState> {
    for (const kinds of this.byRule.values()) {
      for (const states of Object.values(kinds)) yield* states.values();
    }
  }

  get size(): number {
    let size = 0;
    for (const kinds of this.byRule.values()) size += kinds.member.size + kinds.ip.size + kinds.device.size;
    return size;
  }
}
