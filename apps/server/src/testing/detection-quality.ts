import { canonicalIp } from '@pitboss/contract';
import type { GroundTruth } from '@pitboss/simulator';

/** A stored alert as the scoring needs it. */
export interface ScoredAlert {
  eventType: number;
  subjectKind: string;
  subjectId: string;
  /** The raising event's time (ISO). */
  windowEnd: string;
}

export interface TypeQuality {
  eventType: number;
  /** Planted subjects of this type (the ground truth's, complete, reaching level 1). */
  planted: number;
  /** Planted subjects with at least one true-positive alert. */
  found: number;
  alerts: number;
  /** Alerts on a planted subject of the type, raised within its active period. */
  truePositiveAlerts: number;
  alertedSubjects: number;
  /** Alerted subjects with at least one true-positive alert. */
  truePositiveSubjects: number;
  recall: number;
  /** Per alert: true-positive alerts ÷ alerts. */
  precision: number;
  /** Per alerted subject: subjects with a true positive ÷ alerted subjects. */
  subjectPrecision: number;
}

const subjectKey = (kind: string, id: string) => `${kind}:${kind === 'ip' ? canonicalIp(id) : id}`;

/**
 * Scores alerts against a simulator ground truth, per alert type. A true positive is an alert of the
 * type on a planted subject of that type whose raising event lies in the subject's active period
 * (`from`…`to`, inclusive). Recall is per planted subject (found at least once); precision per alert and
 * per alerted subject. A type with nothing planted and nothing raised scores 1.
 */
export function scoreAlerts(truth: GroundTruth, alerts: readonly ScoredAlert[]): TypeQuality[] {
  return [1, 2, 3, 4, 5, 6, 7].map((eventType) => {
    const planted = truth.players.filter((p) => p.eventType === eventType && p.complete && p.level >= 1);
    const periods = new Map<string, { from: number; to: number }[]>();
    for (const p of planted) {
      const key = subjectKey(p.subject.type, p.subject.value);
      periods.set(key, [...(periods.get(key) ?? []), { from: Date.parse(p.from), to: Date.parse(p.to) }]);
    }
    const ofType = alerts.filter((a) => a.eventType === eventType);
    const found = new Set<string>();
    const alerted = new Set<string>();
    const truePositiveSubjects = new Set<string>();
    let truePositiveAlerts = 0;
    for (const alert of ofType) {
      const key = subjectKey(alert.subjectKind, alert.subjectId);
      alerted.add(key);
      const at = Date.parse(alert.windowEnd);
      if ((periods.get(key) ?? []).some((p) => at >= p.from && at <= p.to)) {
        truePositiveAlerts++;
        truePositiveSubjects.add(key);
        found.add(key);
      }
    }
    const ratio = (n: number, d: number) => (d === 0 ? 1 : n / d);
    return {
      eventType,
      planted: periods.size,
      found: found.size,
      alerts: ofType.length,
      truePositiveAlerts,
      alertedSubjects: alerted.size,
      truePositiveSubjects: truePositiveSubjects.size,
      recall: ratio(found.size, periods.size),
      precision: ratio(truePositiveAlerts, ofType.length),
      subjectPrecision: ratio(truePositiveSubjects.size, alerted.size),
    };
  });
}
