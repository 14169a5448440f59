import type { AlertKind, Level, NoticeEventType } from '@pitboss/contract';
import type { Database, Sql } from '../../db/database';
import { enqueue, type OutboxItem } from '../outbox/outbox.repository';
import type { DeliveryOutcome, OutboxChannel } from '../outbox/outbox.worker';

/** The outbox channel of new and escalated alerts of every kind: one item per alert and level. */
export const ALERT_CHANNEL = 'alert';

/** What an alert is about: a member, an IP, a device, a game, or a group of members (opposing bets). */
export interface AlertSubject {
  kind: 'member' | 'ip' | 'device' | 'game' | 'members';
  /** The member id, IP, device, game id, or the members' ids joined by ", ". */
  id: string;
}

/**
 * What a queued alert carries: enough for every notification target (mail, block API, Telegram, SMS) to
 * word its message and decide whether the company wants it, without reading the alert.
 */
export interface AlertNotice {
  kind: AlertKind;
  alertId: number;
  /** The rule (unique per company across kinds) and its event type (1–7 player, 8 game RTP, 9 opposing bets). */
  eventId: number;
  eventName: string;
  eventType: NoticeEventType;
  typeName: string;
  level: Level;
  /** The level the alert had before it was escalated to `level`; null for a new alert. */
  previousLevel: Level | null;
  subject: AlertSubject;
  /** The members concerned (what a block API would lock); empty for an IP, device or game alert. */
  memberIds: string[];
  value: number;
  threshold: number | null;
  windowStart: string;
  windowEnd: string;
  /** When the behaviour happened (the newest event behind the alert). */
  happenedAt: string;
  /** When Pitboss detected it (stored the alert, or escalated it). */
  detectedAt: string;
  /** The console path that opens the alert (`alertPath`); targets prefix `PITBOSS_PUBLIC_URL`. */
  path: string;
}

/**
 * Where a company wants its alerts to go (mail configs, notice block settings, Telegram chats, SMS): each
 * target looks up the company's settings for the notice's event and level and queues its own outbox items
 * in `sql` (the dispatcher's transaction), with dedupe keys derived from the notice's `dedupeKey`, so that a
 * repeated dispatch queues nothing twice. Answers how many it queued.
 */
export interface AlertNotificationTarget {
  readonly name: string;
  enqueue(sql: Sql, cid: number, notice: AlertNotice): Promise<number>;
  /**
   * Optional: the same for many notices of one company at once, in order (settings read once, bulk
   * inserts), queueing exactly what `enqueue` one by one would; answers how many it queued per notice.
   */
  enqueueBatch?(sql: Sql, cid: number, notices: readonly AlertNotice[]): Promise<number[]>;
}

/** One notification per alert, kind and level: an escalated alert is notified again at its new level. */
export function noticeDedupeKey(notice: Pick<AlertNotice, 'kind' | 'alertId' | 'level'>): string {
  return `${notice.kind}:${notice.alertId}:${notice.level}`;
}

/** Queues notices in the caller's transaction (the one that stored or escalated the alerts). */
export async function queueNotices(sql: Sql, cid: number, notices: readonly AlertNotice[]): Promise<void> {
  await enqueue(
    sql,
    notices.map((notice) => ({ cid, channel: ALERT_CHANNEL, payload: notice, dedupeKey: noticeDedupeKey(notice) })),
  );
}

/**
 * The `alert` channel: fans an alert out to the registered targets. Each target's notifications are
 * outbox items of their own (own channel, retries and delivery log); this item is `sent` once they are
 * queued, with "no notification settings match" when none did, so nothing waits forever.
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
    const [outcome] = await this.deliverBatch([item], false);
    return outcome as DeliveryOutcome;
  }

  /**
   * Fans many alerts out in one transaction (the worker's batch lane claims them by the hundred): each
   * target reads the company's settings once and queues in bulk (`enqueueBatch`), so a storm of alerts
   * costs a few statements per batch, not per alert, and parallel fan-outs do not queue up on the same
   * recipients' locks.
   */
  async deliverBatch(items: OutboxItem<AlertNotice>[], batched = true): Promise<DeliveryOutcome[]> {
    const counts = await this.db.tx(async (sql) => {
      const perItem = items.map(() => [] as string[]);
      const byCompany = new Map<number, number[]>();
      for (const [i, item] of items.entries()) byCompany.set(item.cid, [...(byCompany.get(item.cid) ?? []), i]);
      for (const [cid, indexes] of byCompany) {
        const notices = indexes.map((i) => (items[i] as OutboxItem<AlertNotice>).payload);
        for (const target of this.targets) {
          let queued: number[];
          if (target.enqueueBatch && batched) queued = await target.enqueueBatch(sql, cid, notices);
          else {
            queued = [];
            for (const notice of notices) queued.push(await target.enqueue(sql, cid, notice));
          }
          for (const [k, i] of indexes.entries()) {
            const n = queued[k] ?? 0;
            if (n > 0) perItem[i]?.push(`${target.name} ×${n}`);
          }
        }
      }
      return perItem;
    });
    return counts.map((queued) => ({
      kind: 'sent',
      detail: queued.length > 0 ? `queued ${queued.join(', ')}` : 'no notification settings match',
    }));
  }
}
