import { ALERT_QUERY_KEYS, type AlertRecord, alertPath, EVENT_TYPE_NAMES } from '@pitboss/contract';
import type { Sql } from '../../../db/database';
import type { Live } from '../../../plugins/live';
import { type AlertNotice, queueNotices } from '../../alerting/alert-notifier';
import type { OutboxWorker } from '../../outbox/outbox.worker';
import { findAlerts, insertAlerts, type NewAlert } from '../player-alerts.repository';

/**
 * Stores raised alerts in the caller's (ingest) transaction and queues one notification per alert
 * stored now, so both exist exactly when the batch does. Alerts stored before (a replay, another
 * process) are skipped. Answers the new alerts' records for `announceAlerts`.
 */
export async function storeAlerts(sql: Sql, cid: number, alerts: readonly NewAlert[]): Promise<AlertRecord[]> {
  const stored = await insertAlerts(sql, cid, alerts);
  if (stored.length === 0) return [];
  const records = await findAlerts(
    sql,
    cid,
    stored.map((s) => s.alertId),
  );
  const byId = new Map(records.map((record) => [record.AlertID, record]));
  await queueNotices(
    sql,
    cid,
    stored.map(({ alertId, index }) =>
      noticeOf(alertId, alerts[index] as NewAlert, byId.get(alertId)?.CreateDate ?? new Date().toISOString()),
    ),
  );
  return records;
}

function noticeOf(alertId: number, alert: NewAlert, detectedAt: string): AlertNotice {
  return {
    kind: 'player',
    alertId,
    eventId: alert.ruleId,
    eventName: alert.eventName,
    eventType: alert.eventType,
    typeName: EVENT_TYPE_NAMES[alert.eventType],
    level: alert.level,
    previousLevel: null,
    subject: { kind: alert.subject.kind, id: alert.subject.id },
    memberIds: alert.subject.kind === 'member' ? [alert.subject.id] : [],
    value: alert.value,
    threshold: alert.threshold,
    windowStart: alert.windowStart,
    windowEnd: alert.windowEnd,
    happenedAt: alert.windowEnd,
    detectedAt,
    path: alertPath('player', alertId),
  };
}

/** Where new alerts are announced after commit: the consoles, and the outbox that sends their notifications. */
export interface AlertAnnouncer {
  live: Live;
  outbox: Pick<OutboxWorker, 'wake'>;
}

/** After commit: pushes each new alert to the company's open consoles, refreshes their lists, wakes the outbox. */
export function announceAlerts(to: AlertAnnouncer, cid: number, records: readonly AlertRecord[]): void {
  if (records.length === 0) return;
  // Oldest first, so a console that prepends each one ends with the newest on top.
  for (const alert of [...records].reverse()) to.live.publish(cid, { type: 'alert', cid, kind: 'player', alert });
  to.live.publish(cid, { type: 'invalidate', keys: [ALERT_QUERY_KEYS.alerts, ALERT_QUERY_KEYS.dashboard], cid });
  to.outbox.wake();
}
