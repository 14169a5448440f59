import { ALERT_QUERY_KEYS, type AlertRecord, typeNameOf } from '@pitboss/contract';
import type { Sql } from '../../../db/database';
import type { Live } from '../../../plugins/live';
import { enqueue } from '../../outbox/outbox.repository';
import type { OutboxWorker } from '../../outbox/outbox.worker';
import { ALERT_CHANNEL, type AlertNotice } from '../alert-notifier';
import { findAlerts, insertAlerts, type NewAlert } from '../player-alerts.repository';

/**
 * Stores raised alerts in the caller's (ingest) transaction and queues one notification per alert
 * stored now (dedupe key: the alert id), so both exist exactly when the batch does. Alerts stored
 * before (a replay, another process) are skipped. Answers the new alerts' records for `announceAlerts`.
 */
export async function storeAlerts(sql: Sql, cid: number, alerts: readonly NewAlert[]): Promise<AlertRecord[]> {
  const stored = await insertAlerts(sql, cid, alerts);
  if (stored.length === 0) return [];
  await enqueue(
    sql,
    stored.map(({ alertId, index }) => ({
      cid,
      channel: ALERT_CHANNEL,
      payload: noticeOf(alertId, alerts[index] as NewAlert),
      dedupeKey: String(alertId),
    })),
  );
  return findAlerts(
    sql,
    cid,
    stored.map((s) => s.alertId),
  );
}

function noticeOf(alertId: number, alert: NewAlert): AlertNotice {
  return {
    alertId,
    eventId: alert.ruleId,
    eventName: alert.eventName,
    eventType: alert.eventType,
    typeName: typeNameOf(alert.eventType),
    level: alert.level,
    subjectKind: alert.subject.kind,
    subjectId: alert.subject.id,
    memberId: alert.subject.kind === 'member' ? alert.subject.id : '',
    value: alert.value,
    threshold: alert.threshold,
    windowStart: alert.windowStart,
    windowEnd: alert.windowEnd,
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
  for (const alert of [...records].reverse()) to.live.publish(cid, { type: 'alert', cid, alert });
  to.live.publish(cid, { type: 'invalidate', keys: [ALERT_QUERY_KEYS.alerts, ALERT_QUERY_KEYS.dashboard], cid });
  to.outbox.wake();
}
