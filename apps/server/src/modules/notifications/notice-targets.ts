import type { Config } from '../../config';
import type { Sql } from '../../db/database';
import type { AlertNotice, AlertNotificationTarget } from '../alerting/alert-notifier';
import { noticeDedupeKey } from '../alerting/alert-notifier';
import { BLOCK_API_CHANNEL, BLOCK_CALL_MAX_ATTEMPTS, type BlockCallPayload } from '../block-api/block-calls';
import { MAIL_CHANNEL, type MailPayload } from '../mail/enqueue-mail';
import { publicBaseUrl } from '../mail/public-url';
import { enqueue, enqueueKeyed, keyOf, type NewOutboxItem } from '../outbox/outbox.repository';
import { DIGEST_CHANNEL, type DigestPayload } from './digest.channel';
import { alertMail, type NoticeContext } from './notice-mail';
import * as repo from './notifications.repository';
import { SMS_CHANNEL, type SmsPayload } from './sms.channel';
import { TELEGRAM_CHANNEL, type TelegramPayload } from './telegram.channel';
import { telegramChatsOfEnabledBot, telegramTargets } from './telegram.repository';

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
    /**
     * The batch: the targets of every event and level read at once; each recipient locked and counted once
     * (in address order, so concurrent batches cannot deadlock), then the notices taken in order exactly as
     * one by one: a mail while the recipient's count is under the limit, else the digest; bulk inserts.
     */
    async enqueueBatch(sql: Sql, cid: number, notices: readonly AlertNotice[]): Promise<number[]> {
      const counts = notices.map(() => 0);
      const targets = await repo.mailTargetsFor(sql, cid, notices);
      if (targets.size === 0) return counts;
      const company = await repo.companyOf(sql, cid);
      const recipients = [...new Set([...targets.values()].flat().map((t) => t.mail))].sort();
      for (const mail of recipients) await repo.lockRecipient(sql, cid, mail);
      const recent = await repo.recentMailCounts(sql, cid, recipients);
      const wanted = notices.flatMap((notice) =>
        (targets.get(repo.pairKey(notice)) ?? []).map((t) => `notice:${noticeDedupeKey(notice)}:${t.mail}`),
      );
      const already = await repo.queuedKeys(sql, cid, MAIL_CHANNEL, wanted);
      const mails: { index: number; item: NewOutboxItem & { dedupeKey: string }; delivery: repo.NewDelivery }[] = [];
      const held: { index: number; mail: string; language: NoticeContext['language']; notice: AlertNotice }[] = [];
      for (const [index, notice] of notices.entries()) {
        const key = noticeDedupeKey(notice);
        for (const { mail, language } of targets.get(repo.pairKey(notice)) ?? []) {
          if ((recent.get(mail) ?? 0) >= config.notifyPerMinute) {
            held.push({ index, mail, language, notice });
            continue;
          }
          const dedupeKey = `notice:${key}:${mail}`;
          if (already.has(dedupeKey)) continue;
          already.add(dedupeKey);
          recent.set(mail, (recent.get(mail) ?? 0) + 1);
          const ctx: NoticeContext = {
            language,
            product: config.title,
            company: company.name,
            timeZone: company.timeZone,
            baseUrl: publicBaseUrl(config),
          };
          const payload: MailPayload = { to: mail, ...alertMail(ctx, notice) };
          mails.push({
            index,
            item: { cid, channel: MAIL_CHANNEL, payload, dedupeKey },
            delivery: { cid, outboxId: 0, channel: 'Email', target: mail, recipient: mail, ...about(notice) },
          });
        }
      }
      const ids = await enqueueKeyed(
        sql,
        mails.map((m) => m.item),
      );
      const added = mails.flatMap((m) => {
        const outboxId = ids.get(keyOf(MAIL_CHANNEL, m.item.dedupeKey));
        return outboxId === undefined ? [] : [{ ...m, delivery: { ...m.delivery, outboxId } }];
      });
      await repo.insertDeliveries(
        sql,
        added.map((m) => m.delivery),
      );
      for (const m of added) counts[m.index] = (counts[m.index] ?? 0) + 1;
      const digested = await holdManyForDigest(sql, cid, held);
      for (const index of digested) counts[index] = (counts[index] ?? 0) + 1;
      return counts;
    },
  };
}

/** `holdForDigest` of many notices: answers the index of each notice held (once per recipient held for). */
async function holdManyForDigest(
  sql: Sql,
  cid: number,
  held: readonly { index: number; mail: string; language: NoticeContext['language']; notice: AlertNotice }[],
): Promise<number[]> {
  if (held.length === 0) return [];
  const bucket = digestBucket(new Date());
  const added = await repo.addDigestEntries(
    sql,
    held.map((h) => ({
      cid,
      recipient: h.mail,
      bucket,
      noticeKey: noticeDedupeKey(h.notice),
      language: h.language,
      notice: h.notice,
    })),
  );
  const kept = held.filter((h) => added.has(`${h.mail}\u0000${noticeDedupeKey(h.notice)}`));
  const recipients = [...new Set(kept.map((h) => h.mail))];
  await enqueue(
    sql,
    recipients.map((recipient) => {
      const payload: DigestPayload = { recipient, bucket };
      return {
        cid,
        channel: DIGEST_CHANNEL,
        payload,
        dedupeKey: `${recipient}:${bucket}`,
        notBefore: new Date(Date.parse(bucket) + 60_000),
      };
    }),
  );
  return kept.map((h) => h.index);
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
    async enqueueBatch(sql: Sql, cid: number, notices: readonly AlertNotice[]): Promise<number[]> {
      const counts = notices.map(() => 0);
      const withMembers = notices.filter((n) => n.memberIds.length > 0);
      if (withMembers.length === 0) return counts;
      const targets = await repo.blockTargetsFor(sql, cid, withMembers);
      if (targets.size === 0) return counts;
      const calls: { index: number; item: NewOutboxItem & { dedupeKey: string }; delivery: repo.NewDelivery }[] = [];
      for (const [index, notice] of notices.entries()) {
        const key = noticeDedupeKey(notice);
        for (const api of targets.get(repo.pairKey(notice)) ?? []) {
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
            calls.push({
              index,
              item: {
                cid,
                channel: BLOCK_API_CHANNEL,
                payload,
                maxAttempts: BLOCK_CALL_MAX_ATTEMPTS,
                dedupeKey: `notice:${key}:${api.apiId}:${memberId}`,
              },
              delivery: { cid, outboxId: 0, channel: 'API', target: `${api.name} · ${memberId}`, ...about(notice) },
            });
          }
        }
      }
      return recordQueued(sql, counts, calls);
    },
  };
}

/** Queues the items of a batch in one statement, writes the delivery-log rows of those added, counts them. */
async function recordQueued(
  sql: Sql,
  counts: number[],
  list: { index: number; item: NewOutboxItem & { dedupeKey: string }; delivery: repo.NewDelivery }[],
): Promise<number[]> {
  const ids = await enqueueKeyed(
    sql,
    list.map((x) => x.item),
  );
  const added = list.flatMap((x) => {
    const outboxId = ids.get(keyOf(x.item.channel, x.item.dedupeKey));
    return outboxId === undefined ? [] : [{ ...x, delivery: { ...x.delivery, outboxId } }];
  });
  await repo.insertDeliveries(
    sql,
    added.map((x) => x.delivery),
  );
  for (const x of added) counts[x.index] = (counts[x.index] ?? 0) + 1;
  return counts;
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
    async enqueueBatch(sql: Sql, cid: number, notices: readonly AlertNotice[]): Promise<number[]> {
      const counts = notices.map(() => 0);
      const chats = await telegramChatsOfEnabledBot(sql, cid);
      if (chats.length === 0) return counts;
      const company = await repo.companyOf(sql, cid);
      const list = notices.flatMap((notice, index) =>
        chats
          .filter((c) => c.event_ids.includes(notice.eventId) && c.levels.includes(notice.level))
          .map((chat) => {
            const ctx: NoticeContext = {
              language: chat.language,
              product: config.title,
              company: company.name,
              timeZone: company.timeZone,
              baseUrl: publicBaseUrl(config),
            };
            const payload: TelegramPayload = { chatId: chat.chat_id, text: telegramText(ctx, notice) };
            return {
              index,
              item: {
                cid,
                channel: TELEGRAM_CHANNEL,
                payload,
                dedupeKey: `notice:${noticeDedupeKey(notice)}:tg:${chat.chat_id}`,
              },
              delivery: { cid, outboxId: 0, channel: 'TG', target: chat.chat_id, ...about(notice) } as repo.NewDelivery,
            };
          }),
      );
      return recordQueued(sql, counts, list);
    },
  };
}

/** The short SMS of one alert: level, event, member or game, link (the mail's subject and the link). */
export function smsText(ctx: NoticeContext, notice: AlertNotice): string {
  return `${alertMail(ctx, notice).subject} ${ctx.baseUrl}${notice.path}`;
}

/**
 * SMS recipients of mail configs (issue 23 item 4): one short SMS per configured mobile number, in the
 * language of the user with that number (zh when none), on the `sms` channel in the fan-out's transaction.
 */
export function smsTarget(config: Config): AlertNotificationTarget {
  return {
    name: 'sms',
    async enqueue(sql: Sql, cid: number, notice: AlertNotice): Promise<number> {
      const targets = await repo.smsTargets(sql, cid, notice.eventId, notice.level);
      if (targets.length === 0) return 0;
      const company = await repo.companyOf(sql, cid);
      const key = noticeDedupeKey(notice);
      let queued = 0;
      for (const { mobile, language } of targets) {
        const ctx: NoticeContext = {
          language,
          product: config.title,
          company: company.name,
          timeZone: company.timeZone,
          baseUrl: publicBaseUrl(config),
        };
        const payload: SmsPayload = { to: mobile, text: smsText(ctx, notice) };
        const [outboxId] = await enqueue(sql, [
          { cid, channel: SMS_CHANNEL, payload, dedupeKey: `notice:${key}:sms:${mobile}` },
        ]);
        if (outboxId === undefined) continue;
        await repo.insertDelivery(sql, { cid, outboxId, channel: 'SMS', target: mobile, ...about(notice) });
        queued += 1;
      }
      return queued;
    },
    async enqueueBatch(sql: Sql, cid: number, notices: readonly AlertNotice[]): Promise<number[]> {
      const counts = notices.map(() => 0);
      const targets = await repo.smsTargetsFor(sql, cid, notices);
      if (targets.size === 0) return counts;
      const company = await repo.companyOf(sql, cid);
      const list = notices.flatMap((notice, index) =>
        (targets.get(repo.pairKey(notice)) ?? []).map(({ mobile, language }) => {
          const ctx: NoticeContext = {
            language,
            product: config.title,
            company: company.name,
            timeZone: company.timeZone,
            baseUrl: publicBaseUrl(config),
          };
          const payload: SmsPayload = { to: mobile, text: smsText(ctx, notice) };
          return {
            index,
            item: { cid, channel: SMS_CHANNEL, payload, dedupeKey: `notice:${noticeDedupeKey(notice)}:sms:${mobile}` },
            delivery: { cid, outboxId: 0, channel: 'SMS', target: mobile, ...about(notice) } as repo.NewDelivery,
          };
        }),
      );
      return recordQueued(sql, counts, list);
    },
  };
}
