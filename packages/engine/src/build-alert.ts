import type { CompiledRule } from './compiled-rule';
import { evidenceOf } from './measures';
import type { Position, SubjectState } from './subject-state';
import type { Alert, Exemptions, Subject } from './types';

/** Whitelisted members and IPs raise no alert. */
export function isExempt(exemptions: Exemptions, subject: Subject): boolean {
  if (subject.kind === 'member') return exemptions.isMemberExempt(subject.id);
  if (subject.kind === 'ip') return exemptions.isIpExempt(subject.id);
  return false;
}

/** The alert of a raised position, with its evidence. */
export function buildAlert(
  rule: CompiledRule,
  state: SubjectState,
  position: Position,
  evidenceCap: number,
): Alert | null {
  const [index, from, value, sample, level] = position;
  const raised = rule.levels.find((l) => l.Level === level);
  if (!raised) return null;
  const { rows } = state;
  const time = rows.t(index);
  const at = new Date(time).toISOString();
  return {
    ruleId: rule.id,
    eventType: rule.type,
    level: raised.Level,
    subject: state.subject,
    value,
    threshold: raised.Op === 'any' ? null : raised.Value,
    op: raised.Op,
    minSample: raised.MinSample,
    sample,
    windowStart: new Date(rule.windowStart(time)).toISOString(),
    windowEnd: at,
    at,
    eventId: rows.id(index),
    ...evidenceOf(rule.type, rows, from, index, value, evidenceCap),
  };
}

/** Alerts of a batch in a stable order: time, event id, rule, subject, level. */
export function compareAlerts(a: Alert, b: Alert): number {
  const key = (x: Alert) => [x.at, x.eventId, String(x.ruleId).padStart(12, '0'), x.subject.kind, x.subject.id];
  const ka = key(a);
  const kb = key(b);
  for (let i = 0; i < ka.length; i++) {
    const pa = ka[i] as string;
    const pb = kb[i] as string;
    if (pa !== pb) return pa < pb ? -1 : 1;
  }
  return a.level - b.level;
}
