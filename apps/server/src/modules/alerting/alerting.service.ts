import type { AlertEventDefinition, AlertKind } from '@pitboss/contract';
import type { Database, Sql } from '../../db/database';
import { type AlertNotice, type AlertNotificationTarget, AlertNotifier, queueNotices } from './alert-notifier';
import { nextEventId, reserveEventIds } from './alerting.repository';

/** Lists a kind's rules for notification settings, in the caller's transaction or on the pool. */
export type AlertEventSource = (sql: Sql, cid: number) => Promise<AlertEventDefinition[]>;

/**
 * What every kind of alert shares on the server (`app.alerting`): EventIDs unique across kinds, the list
 * of every rule that notification settings choose from (each kind adds its source), and the `alert`
 * outbox channel that fans new and escalated alerts out to the notification targets.
 */
export class AlertingService {
  readonly notifier: AlertNotifier;
  private readonly sources = new Map<AlertKind, AlertEventSource>();

  constructor(private readonly db: Database) {
    this.notifier = new AlertNotifier(db);
  }

  /** Where alerts are notified (mail, block APIs, Telegram, SMS): see `AlertNotificationTarget`. */
  addTarget(target: AlertNotificationTarget): void {
    this.notifier.addTarget(target);
  }

  /** A kind's rules, for `listEvents`. Each kind adds one from its plugin. */
  addEventSource(kind: AlertKind, source: AlertEventSource): void {
    if (this.sources.has(kind)) throw new Error(`An event source for ${kind} alerts is already registered`);
    this.sources.set(kind, source);
  }

  /** Every rule of the company, of every kind, by EventID (deleted rules left out). */
  async listEvents(cid: number, sql: Sql = this.db): Promise<AlertEventDefinition[]> {
    const lists = await Promise.all([...this.sources.values()].map((source) => source(sql, cid)));
    return lists.flat().sort((a, b) => a.EventID - b.EventID);
  }

  /** The next EventID of the company, for a new rule of any kind (in the rule's transaction). */
  nextEventId(sql: Sql, cid: number): Promise<number> {
    return nextEventId(sql, cid);
  }

  /** Records that EventIDs up to `eventId` are taken (rules written with fixed ids). */
  reserveEventIds(sql: Sql, cid: number, eventId: number): Promise<void> {
    return reserveEventIds(sql, cid, eventId);
  }

  /** Queues the notification of new or escalated alerts, in the transaction that stored them. */
  queueNotices(sql: Sql, cid: number, notices: readonly AlertNotice[]): Promise<void> {
    return notices.length === 0 ? Promise.resolve() : queueNotices(sql, cid, notices);
  }
}
