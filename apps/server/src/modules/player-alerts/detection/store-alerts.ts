import { ALERT_QUERY_KEYS, type AlertRecord, alertPath, EVENT_TYPE_NAMES } from '@pitboss/contract';
import type { Sql } from '../../../db/database';
import type { Live } from '../../../plugins/live';
import { type AlertNotice, queueNotices } from '../../alerting/alert-notifier';
import type { OutboxWorker } from '../../outbox/outbox.worker';
import { findKnownRaises, insertRaises, lockOpenAlerts, writeIncidents } from '../alert-store.repository';
import { findAlerts, type NewAlert } from '../player-alerts.repository';
import { type IncidentChange, planIncidents } from './incidents';

/** An alert a batch opened, or escalated to a higher level. */
export interface RaisedAlert {
  record: AlertRecord;
  escalated: boolean;
}

/**
 * Stores what the detectors raised, in the caller's (ingest) transaction: one incident, one alert
 * (`incidents.ts`) — a raise opens an alert, escalates the pending one of its rule and subject, or joins
 * it. Queues one notification per alert opened or escalated (at its new level), so both exist exactly
 * when the batch does. Raises stored before (a replay, another process) change nothing. Answers the
 * alerts opened or escalated, for `announceAlerts`.
 */
export async function storeAlerts(sql: Sql, cid: number, alerts: readonly NewAlert[]): Promise<RaisedAlert[]> {
  if (alerts.length === 0) return [];
  const [known, open] = await Promise.all([findKnownRaises(sql, cid, alerts), lockOpenAlerts(sql, cid, alerts)]);
  const detectedAt = new Date().toISOString();
  const plan = planIncidents(alerts, known, open, detectedAt);
  if (plan.raises.length === 0) return [];
  const ids = await writeIncidents(sql, cid, plan.changes, detectedAt);
  const alertOf = new Map(plan.changes.map((change, n) => [change.key, ids[n] as number]));
  for (const [key, pending] of open) if (!alertOf.has(key)) alertOf.set(key, pending.alertId);
  const [records] = await Promise.all([
    findAlerts(sql, cid, ids),
    insertRaises(
      sql,
      cid,
      plan.raises.map(({ alert, key }) => ({ alert, alertId: alertOf.get(key) as number })),
    ),
  ]);
  const byId = new Map(records.map((record) => [record.AlertID, record]));
  await queueNotices(
    sql,
    cid,
    plan.changes.map((change, n) =>
      noticeOf(ids[n] as number, change, byId.get(ids[n] as number)?.CreateDate ?? detectedAt, detectedAt),
    ),
  );
  return plan.changes.map((change, n) => ({
    record: byId.get(ids[n] as number) as AlertRecord,
    escalated: change.previousLevel !== null,
  }));
}

function noticeOf(alertId: number, change: IncidentChange, firstDetectedAt: string, detectedAt: string): AlertNotice {
  const alert = change.top;
  return {
    kind: 'player',
    alertId,
    eventId: alert.ruleId,
    eventName: alert.eventName,
    eventType: alert.eventType,
    typeName: EVENT_TYPE_NAMES[alert.eventType],
    level: alert.level,
    previousLevel: change.previousLevel,
    subject: { kind: alert.subject.kind, id: alert.subject.id },
    memberIds: alert.subject.kind === 'member' ? [alert.subject.id] : [],
    value: alert.value,
    threshold: alert.threshold,
    windowStart: alert.windowStart,
    windowEnd: alert.windowEnd,
    happenedAt: alert.windowEnd,
    detectedAt: change.previousLevel === null ? firstDetectedAt : detectedAt,
    path: alertPath('player', alertId),
  };
}

/** Where new alerts are announced after commit: the consoles, and the outbox that sends their notifications. */
export interface AlertAnnouncer {
  live: Live;
  outbox: Pick<OutboxWorker, 'wake'>;
}

/** After commit: pushes each alert opened or escalated to the company's open consoles, refreshes their lists, wakes the outbox. */
export function announceAlerts(to: AlertAnnouncer, cid: number, raised: readonly RaisedAlert[]): void {
  if (raised.length === 0) return;
  // Oldest first, so a console that prepends each one ends with the newest on top.
  for (const { record, escalated } of [...raised].reverse()) {
    to.live.publish(cid, { type: 'alert', cid, kind: 'player', escalated, alert: record });
  }
  to.live.publish(cid, { type: 'invalidate', keys: [ALERT_QUERY_KEYS.alerts, ALERT_QUERY_KEYS.dashboard], cid });
  to.outbox.wake();
}
