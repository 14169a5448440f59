import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { AlertNotice } from '../alerting/alert-notifier';
import { MAIL_CHANNEL, type MailPayload } from '../mail/enqueue-mail';
import { publicBaseUrl } from '../mail/public-url';
import type { OutboxItem } from '../outbox/outbox.repository';
import { enqueue } from '../outbox/outbox.repository';
import type { DeliveryOutcome, OutboxChannel } from '../outbox/outbox.worker';
import { digestMail } from './notice-mail';
import * as repo from './notifications.repository';

/** The outbox channel that turns the alerts held back for one recipient in one minute into one mail. */
export const DIGEST_CHANNEL = 'notify-digest';

export interface DigestPayload {
  recipient: string;
  /** Start of the minute (ISO). */
  bucket: string;
}

/**
 * Due when the minute is over: reads the held-back notices and queues one digest mail on the `mail`
 * channel (dedupe key per recipient and minute, so a repeated attempt queues it once), with its row in the
 * delivery log. Entries arriving late for a minute already summarised are in no digest: they come after
 * the item was sent, which the lock on the recipient and the minute boundary make rare; they stay stored.
 */
export function createDigestChannel(db: Database, config: Config): OutboxChannel<DigestPayload> {
  return {
    name: DIGEST_CHANNEL,
    async deliver(item: OutboxItem<DigestPayload>): Promise<DeliveryOutcome> {
      const { recipient, bucket } = item.payload;
      const count = await db.tx(async (sql) => {
        const entries = await repo.digestEntries<AlertNotice>(sql, item.cid, recipient, bucket);
        if (entries.length === 0) return 0;
        const company = await repo.companyOf(sql, item.cid);
        const body = digestMail(
          {
            language: entries[0]?.language ?? 'zh',
            product: config.title,
            company: company.name,
            timeZone: company.timeZone,
            baseUrl: publicBaseUrl(config),
          },
          entries.map((e) => e.notice),
        );
        const payload: MailPayload = { to: recipient, ...body };
        const [outboxId] = await enqueue(sql, [
          { cid: item.cid, channel: MAIL_CHANNEL, payload, dedupeKey: `digest:${recipient}:${bucket}` },
        ]);
        if (outboxId !== undefined) {
          await repo.insertDelivery(sql, {
            cid: item.cid,
            outboxId,
            channel: 'Email',
            target: recipient,
            recipient,
            eventName: body.subject,
            digest: entries.length,
          });
        }
        return entries.length;
      });
      return { kind: 'sent', detail: count > 0 ? `queued a digest of ${count} alerts` : 'nothing to summarise' };
    },
  };
}
