import type { AlertType, Level } from '@pitboss/contract';
import type { Database, Sql } from '../../db/database';
import type { OutboxItem } from '../outbox/outbox.repository';
import type { DeliveryOutcome, OutboxChannel } from '../outbox/outbox.worker';

/** The outbox channel of new alerts: one item per alert, queued in the ingest transaction that stored it. */
export const ALERT_CHANNEL = 'alert';

/** What a queued alert carries: enough for every target to word its notification without reading the alert. */
export interface AlertNotice {
  alertId: number;
  eventId: number;
  eventName: string;
  eventType: AlertType;
  typeName: string;
  level: Level;
  subjectKind: 'member' | 'ip' | 'device';
  subjectId: string;
  memberId: string;
  value: number;
  threshold: number | null;
  windowStart: string;
  windowEnd: string;
}

/**
 * Where a company wants its alerts to go (mail configs, notice block settings, Telegram): each target
 * looks up the company's settings for the notice's type and level and queues its own outbox items in
 * `sql` (the dispatcher's transaction), with dedupe keys derived from the alert id so that a repeated
 * dispatch queues nothing twice. Answers how many it queued.
 */
export interface AlertNotificationTarget {
  readonly name: string;
  enqueue(sql: Sql, cid: number, notice: AlertNotice): Promise<number>;
}

/**
 * The `alert` channel: fans a new alert out to the registered targets. Each target's notifications
 * are outbox items of their own (own channel, retries and delivery log); this item is `sent` once they
 * are queued, with "no notification settings match" when none did, so nothing waits forever.
 */
export class AlertNotifier implements OutboxChannel<AlertNotice> {
  readonly name = ALERT_CHANNEL;
  private readonly targets: AlertNotificationTarget[] = [];

  constructor(private readonly db: Database) {}

  addTarget(target: AlertNotificationTarget): void {
    if (this.targets.some((t) => t.name === target.name)) {
      throw new Error(`Alert notification target ${target.name} is already registered`);
    }
    this.targets.push(target);
  }

  async deliver(item: OutboxItem<AlertNotice>): Promise<DeliveryOutcome> {
    const queued = await this.db.tx(async (sql) => {
      const counts: string[] = [];
      for (const target of this.targets) {
        const n = await target.enqueue(sql, item.cid, item.payload);
        if (n > 0) counts.push(`${target.name} ×${n}`);
      }
      return counts;
    });
    return {
      kind: 'sent',
      detail: queued.length > 0 ? `queued ${queued.join(', ')}` : 'no notification settings match',
    };
  }
}
