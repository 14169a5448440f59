import type { Config } from '../../config';
import type { Sql } from '../../db/database';
import type { AlertNotice, AlertNotificationTarget } from '../alerting/alert-notifier';
import { noticeDedupeKey } from '../alerting/alert-notifier';
import { BLOCK_API_CHANNEL, BLOCK_CALL_MAX_ATTEMPTS, type BlockCallPayload } from '../block-api/block-calls';
import { MAIL_CHANNEL, type MailPayload } from '../mail/enqueue-mail';
import { publicBaseUrl } from '../mail/public-url';
import { enqueue } from '../outbox/outbox.repository';
import { DIGEST_CHANNEL, type DigestPayload } from './digest.channel';
import { alertMail, type NoticeContext } from './notice-mail';
import * as repo from './notifications.repository';
import { TELEGRAM_CHANNEL, type TelegramPayload } from './telegram.channel';
import { telegramTargets } from './telegram.repository';

/** The minute a held-back alert is summarised in (ISO, start of the minute). */
export function digestBucket(now: Date): string {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
}

/**
 * Mail configs (spec "Mail alert config"): one mail per configured address, in its user's language, queued
 * on the `mail` channel in the fan-out's transaction. Beyond `PITBOSS_NOTIFY_PER_MINUTE` mails to one
 * recipient within a minute, the notice is held for that recipient's digest of the minute instead.
 */
export function mailTarget(config: Config): AlertNotificationTarget {
  return {
    name: 'mail',
    async enqueue(sql: Sql, cid: number, notice: AlertNotice): Promise<number> {
      const targets = await repo.mailTargets(sql, cid, notice.eventId, notice.level);
      if (targets.length === 0) return 0;
      const company = await repo.companyOf(sql, cid);
      const key = noticeDedupeKey(notice);
      let queued = 0;
      for (const { mail, language } of targets) {
        await repo.lockRecipient(sql, cid, mail);
        if ((await repo.recentMailCount(sql, cid, mail)) >= config.notifyPerMinute) {
          queued += await holdForDigest(sql, cid, mail, language, key, notice);
          continue;
        }
        const ctx: NoticeContext = {
          language,
          product: config.title,
          company: company.name,
          timeZone: company.timeZone,
          baseUrl: publicBaseUrl(config),
        };
        const payload: MailPayload = { to: mail, ...alertMail(ctx, notice) };
        const [outboxId] = await enqueue(sql, [
          { cid, channel: MAIL_CHANNEL, payload, dedupeKey: `notice:${key}:${mail}` },
        ]);
        if (outboxId === undefined) continue;
        await repo.insertDelivery(sql, {
          cid,
          outboxId,
          channel: 'Email',
          target: mail,
          recipient: mail,
          ...about(notice),
        });
        queued += 1;
      }
      return queued;
    },
  };
}

async function holdForDigest(
  sql: Sql,
  cid: number,
  recipient: string,
  language: NoticeContext['language'],
  noticeKey: string,
  notice: AlertNotice,
): Promise<number> {
  const bucket = digestBucket(new Date());
  const added = await repo.addDigestEntry(sql, { cid, recipient, bucket, noticeKey, language, notice });
  if (!added) return 0;
  const payload: DigestPayload = { recipient, bucket };
  // One digest item per recipient and minute, sent when the minute is over.
  await enqueue(sql, [
    {
      cid,
      channel: DIGEST_CHANNEL,
      payload,
      dedupeKey: `${recipient}:${bucket}`,
      notBefore: new Date(Date.parse(bucket) + 60_000),
    },
  ]);
  return 1;
}

function about(notice: AlertNotice) {
  return {
    eventId: notice.eventId,
    eventName: notice.eventName,
    level: notice.level,
    alertKind: notice.kind,
    alertId: notice.alertId,
    alertPath: notice.path,
  };
}

/**
 * Notice block settings (spec "Notice block setting"): a lock call per member concerned and per chosen
 * block API with IsLock set, on the `block-api` channel (its retries, Bearer token, Idempotency-Key and
 * block-API log), in the fan-out's transaction. Game alerts concern no member and call nothing.
 */
export function blockTarget(): AlertNotificationTarget {
  return {
    name: 'block-api',
    async enqueue(sql: Sql, cid: number, notice: AlertNotice): Promise<number> {
      if (notice.memberIds.length === 0) return 0;
      const apis = await repo.blockTargets(sql, cid, notice.eventId, notice.level);
      if (apis.length === 0) return 0;
      const key = noticeDedupeKey(notice);
      let queued = 0;
      for (const api of apis) {
        for (const memberId of notice.memberIds) {
          const payload: BlockCallPayload = {
            apiId: api.apiId,
            apiName: api.name,
            memberId,
            eventType: notice.eventType,
            memo: `${notice.eventName} level ${notice.level} (${notice.kind} alert ${notice.alertId})`,
            blockedAt: notice.detectedAt,
            alert: { kind: notice.kind, alertId: notice.alertId, eventId: notice.eventId, level: notice.level },
          };
          const [outboxId] = await enqueue(sql, [
            {
              cid,
              channel: BLOCK_API_CHANNEL,
              payload,
              maxAttempts: BLOCK_CALL_MAX_ATTEMPTS,
              dedupeKey: `notice:${key}:${api.apiId}:${memberId}`,
            },
          ]);
          if (outboxId === undefined) continue;
          await repo.insertDelivery(sql, {
            cid,
            outboxId,
            channel: 'API',
            target: `${api.name} · ${memberId}`,
            ...about(notice),
          });
          queued += 1;
        }
      }
      return queued;
    },
  };
}

/** The Telegram message of one alert: the mail's subject and text, in the chat's language. */
export function telegramText(ctx: NoticeContext, notice: AlertNotice): string {
  const mail = alertMail(ctx, notice);
  return `${mail.subject}\n\n${mail.text}`;
}

/**
 * Telegram chats (issue 23 item 3): one `sendMessage` per chat whose events and levels include the alert's,
 * in the chat's language, on the `telegram` channel in the fan-out's transaction (the bot must be enabled
 * with a token).
 */
export function telegramTarget(config: Config): AlertNotificationTarget {
  return {
    name: 'telegram',
    async enqueue(sql: Sql, cid: number, notice: AlertNotice): Promise<number> {
      const chats = await telegramTargets(sql, cid, notice.eventId, notice.level);
      if (chats.length === 0) return 0;
      const company = await repo.companyOf(sql, cid);
      const key = noticeDedupeKey(notice);
      let queued = 0;
      for (const chat of chats) {
        const ctx: NoticeContext = {
          language: chat.language,
          product: config.title,
          company: company.name,
          timeZone: company.timeZone,
          baseUrl: publicBaseUrl(config),
        };
        const payload: TelegramPayload = { chatId: chat.chat_id, text: telegramText(ctx, notice) };
        const [outboxId] = await enqueue(sql, [
          { cid, channel: TELEGRAM_CHANNEL, payload, dedupeKey: `notice:${key}:tg:${chat.chat_id}` },
        ]);
        if (outboxId === undefined) continue;
        await repo.insertDelivery(sql, { cid, outboxId, channel: 'TG', target: chat.chat_id, ...about(notice) });
        queued += 1;
      }
      return queued;
    },
  };
}
