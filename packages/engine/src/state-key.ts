import type { Subject, SubjectKind } from './types';

/** Key of one rule's state for one subject: `<EventID>:<kind>:<id>` (the id may itself contain colons). */
export function stateKey(ruleId: number, kind: SubjectKind, id: string): string {
  return `${ruleId}:${kind}:${id}`;
}

export function parseStateKey(key: string): { ruleId: number; subject: Subject } {
  const first = key.indexOf(':');
  const second = key.indexOf(':', first + 1);
  return {
    ruleId: Number(key.slice(0, first)),
    subject: { kind: key.slice(first + 1, second) as SubjectKind, id: key.slice(second + 1) },
  };
}
