import type { Level, LevelStep } from '@pitboss/contract';
import type { NewAlert } from '../player-alerts.repository';

/** A rule and subject: at most one of its alerts is pending at a time. */
export function incidentKey(a: Pick<NewAlert, 'ruleId' | 'subject'>): string {
  return `${a.ruleId}\u0000${a.subject.kind}\u0000${a.subject.id}`;
}

/** A detector raise: rule, subject, raising event and level. Storing it twice stores nothing. */
export function raiseKey(a: Pick<NewAlert, 'ruleId' | 'subject' | 'eventId' | 'level'>): string {
  return `${incidentKey(a)}\u0000${a.eventId}\u0000${a.level}`;
}

/** A pending alert of a rule and subject, as stored before the batch. */
export interface OpenAlert {
  alertId: number;
  eventId: number;
  subjectKind: string;
  subjectId: string;
  level: Level;
}

/** What the batch does to one incident: a new alert, or an escalation of a pending one. */
export interface IncidentChange {
  key: string;
  /** The pending alert it escalates; absent for a new alert. */
  alertId?: number;
  /** The level it had before the batch (null for a new alert). */
  previousLevel: Level | null;
  /** The highest raise: the alert takes its level, value, threshold, window and evidence. */
  top: NewAlert;
  /** The levels reached in this batch, oldest first, to append to the alert's history. */
  steps: LevelStep[];
}

export interface IncidentPlan {
  changes: IncidentChange[];
  /** Every raise not stored before, with the incident it belongs to (its alert once known). */
  raises: { alert: NewAlert; key: string }[];
}

function stepOf(alert: NewAlert, detectedAt: string): LevelStep {
  return {
    Level: alert.level,
    Value: alert.value,
    Threshold: alert.threshold,
    HappenedAt: alert.windowEnd,
    DetectedAt: detectedAt,
  };
}

/**
 * One incident, one alert: decides what the raises of a batch (or a replay) do, given the raises stored
 * before and the pending alerts of their rules and subjects. Raises are taken in time order; a raise
 * already stored is skipped; with no pending alert a raise opens one; a raise above the pending alert's
 * level escalates it; one at or below it only joins it.
 */
export function planIncidents(
  alerts: readonly NewAlert[],
  known: ReadonlySet<string>,
  open: ReadonlyMap<string, OpenAlert>,
  detectedAt: string,
): IncidentPlan {
  const ordered = [...alerts].sort(
    (a, b) =>
      Date.parse(a.windowEnd) - Date.parse(b.windowEnd) || a.level - b.level || (a.eventId < b.eventId ? -1 : 1),
  );
  const changes = new Map<string, IncidentChange>();
  const raises: IncidentPlan['raises'] = [];
  const seen = new Set<string>();
  for (const alert of ordered) {
    const raise = raiseKey(alert);
    if (known.has(raise) || seen.has(raise)) continue;
    seen.add(raise);
    const key = incidentKey(alert);
    raises.push({ alert, key });
    const change = changes.get(key);
    const pending = open.get(key);
    const level = change ? change.top.level : (pending?.level ?? 0);
    if (alert.level <= level) continue;
    if (change) {
      change.top = alert;
      change.steps.push(stepOf(alert, detectedAt));
    } else {
      changes.set(key, {
        key,
        ...(pending ? { alertId: pending.alertId } : {}),
        previousLevel: pending?.level ?? null,
        top: alert,
        steps: [stepOf(alert, detectedAt)],
      });
    }
  }
  return { changes: [...changes.values()], raises };
}
