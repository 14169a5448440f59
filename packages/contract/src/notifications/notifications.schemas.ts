import { z } from 'zod';
import { Language } from '../auth/auth.schemas';
import { Level } from '../common/enums.schemas';
import { listEnvelope, PageQuery, StatusOk, sortParam } from '../common/envelope.schemas';
import { Role } from '../common/roles.schemas';
import { Instant } from '../player-alerts/player-alerts.schemas';
import { MailAddress, MobileNumber } from '../users/users.schemas';
import {
  DELIVERY_CHANNELS,
  DELIVERY_SORT_FIELDS,
  DELIVERY_STATUSES,
  MAIL_CONFIG_MAX_MAILS,
  REPORT_CHANNELS,
  REPORT_FREQUENCIES,
  SUBSCRIPTION_MAX_RECIPIENTS,
  TELEGRAM_CHAT_ID_PATTERN,
  TELEGRAM_TOKEN_PATTERN,
} from './notifications';

/** One rule of any kind that a setting can choose (spec §3 "Event definition" fields, plus its kind). */
export const NoticeEvent = z.object({
  EventID: z.number(),
  EventName: z.string(),
  EventType: z.number().describe('1–7 player alert types, 8 game RTP, 9 opposing bets'),
  TypeName: z.string(),
  Kind: z.enum(['player', 'game', 'laundering']),
  Enabled: z.boolean(),
});
export type NoticeEvent = z.infer<typeof NoticeEvent>;

/** Spec §3 "Mail alert config": one event at one level and the addresses its alerts are mailed to. */
export const MailConfig = z.object({
  EventID: z.number(),
  EventType: z.number(),
  TypeName: z.string(),
  EventName: z.string(),
  Level: Level,
  Mails: z.array(z.string()).describe('Addresses, in the order they were added'),
  Mobiles: z.array(z.string()).describe('Mobile numbers (E.164) texted a short SMS, by when they were added'),
});
export type MailConfig = z.infer<typeof MailConfig>;

/** Spec §3 "Recipient": a user of the company with a mail address. */
export const Recipient = z.object({
  Name: z.string(),
  Mail: z.string(),
  Account: z.string(),
  Role: Role,
});
export type Recipient = z.infer<typeof Recipient>;

/** Spec §3 "Notice block setting": one event at one level and the block APIs its alerts call. */
export const NoticeBlockSetting = z.object({
  EventID: z.number(),
  EventType: z.number(),
  TypeName: z.string(),
  EventName: z.string(),
  Level: Level,
  APIs: z.array(z.number()).describe('APIIDs of the block APIs called (only those with IsLock set are called)'),
  APINames: z.array(z.string()).describe('Their names, in the same order'),
});
export type NoticeBlockSetting = z.infer<typeof NoticeBlockSetting>;

const EventIDs = z
  .array(z.number().int().positive().max(2_147_483_647))
  .min(1, 'must hold at least one EventID')
  .max(1000, 'must hold at most 1000 EventIDs')
  .describe('EventIDs (rules of any kind)');
const Levels = z.array(Level).min(1, 'must hold at least one level').max(3).describe('Levels 1 to 3');
const Mails = z
  .array(MailAddress)
  .max(MAIL_CONFIG_MAX_MAILS, `must hold at most ${MAIL_CONFIG_MAX_MAILS} addresses`)
  .describe('Mail addresses');
const Mobiles = z
  .array(MobileNumber)
  .max(MAIL_CONFIG_MAX_MAILS, `must hold at most ${MAIL_CONFIG_MAX_MAILS} mobile numbers`)
  .default([])
  .describe('Mobile numbers (E.164) texted a short SMS (level, event, member or game, link)');
/** A mail config names at least one address or mobile number. */
const someRecipient = (v: { Mails: string[]; Mobiles: string[] }) => v.Mails.length + v.Mobiles.length > 0;
const someRecipientIssue = { message: 'must hold at least one address (or give Mobiles)', path: ['Mails'] };
const APIs = z
  .array(z.number().int().positive().max(2_147_483_647))
  .min(1, 'must hold at least one APIID')
  .max(100)
  .describe('APIIDs of block APIs (GET /monitor/blacklist/api)');

export const AddMailConfigsBody = z
  .object({ EventIDs, Levels, Mails, Mobiles })
  .refine(someRecipient, someRecipientIssue);
export const UpdateMailConfigsBody = z.object({ Levels, Mails, Mobiles }).refine(someRecipient, someRecipientIssue);
export const AddNotifyBlocksBody = z.object({ EventIDs, Levels, APIs });
export const UpdateNotifyBlocksBody = z.object({ Levels, APIs });

/** `{EventLevel_UDT: [{EventID, Level}]}`: the settings to delete. */
export const EventLevelBody = z.object({
  EventLevel_UDT: z
    .array(z.object({ EventID: z.number().int().positive().max(2_147_483_647), Level }))
    .min(1, 'must hold at least one {EventID, Level}')
    .max(3000),
});

/** A path segment of comma-separated EventIDs, e.g. `12,13`. */
const EventIdsSegment = z
  .string()
  .transform((value, ctx) => {
    const ids = value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '')
      .map(Number);
    if (ids.length === 0 || ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
      ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of EventIDs' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  })
  .describe('Comma-separated EventIDs');

/** A comma-separated or repeated query list of integers. */
function intList() {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).filter((v) => v.trim());
      const numbers = parts.map((p) => Number(p.trim()));
      if (numbers.some((n) => !Number.isInteger(n))) {
        ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of whole numbers' });
        return z.NEVER;
      }
      return numbers;
    });
}

/** A comma-separated or repeated query list of the given words. */
function wordList<const W extends readonly [string, ...string[]]>(words: W) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((v) => v.trim());
      const bad = parts.filter((p) => p && !(words as readonly string[]).includes(p));
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `must be among ${words.join(', ')}` });
        return z.NEVER;
      }
      return parts.filter((p) => p) as W[number][];
    })
    .describe(`Comma-separated, among ${words.join(', ')}`);
}

export const ListNotifyBlocksQuery = z.object({
  EventIDs: intList().describe('Only these events'),
  Levels: intList()
    .refine((v) => v === undefined || v.every((n) => n >= 1 && n <= 3), 'levels are 1 to 3')
    .describe('Only these levels (1–3)'),
});

export const DeliveryChannel = z.enum(DELIVERY_CHANNELS);
export type DeliveryChannel = z.infer<typeof DeliveryChannel>;
export const DeliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

/** One notification delivery: a mail to one address, a call to one block API… */
export const Delivery = z.object({
  ID: z.number(),
  Channel: DeliveryChannel,
  Target: z.string().describe('The address, or the block API name and member'),
  EventID: z.number().nullable(),
  EventName: z.string(),
  Level: z.number().nullable(),
  AlertKind: z.string().nullable(),
  AlertID: z.number().nullable(),
  AlertPath: z.string().nullable().describe('Console path of the alert'),
  Digest: z.number().describe('How many alerts a digest mail summarises; 0 for a single alert'),
  Status: DeliveryStatus,
  Reason: z.string().nullable().describe('Why the last attempt failed (failed, dead, unsent)'),
  Attempts: z.number(),
  CreateDate: z.string(),
  LastAttemptDate: z.string().nullable(),
  NextAttemptDate: z.string().nullable().describe('When a queued or failed delivery is tried next'),
  SentDate: z.string().nullable(),
});
export type Delivery = z.infer<typeof Delivery>;

export const ListDeliveriesQuery = PageQuery.extend({
  Start: Instant.optional().describe('Only deliveries queued at or after this time'),
  End: Instant.optional().describe('Only deliveries queued before this time'),
  Channels: wordList(DELIVERY_CHANNELS),
  Status: wordList(DELIVERY_STATUSES),
  sort: sortParam(DELIVERY_SORT_FIELDS, 'CreateDate Desc'),
});

const ok = <T extends z.ZodType>(row: T) => z.object({ status: z.number(), data: row });

/** The Telegram bot of the company (issue 23 item 3); the token is never shown again in full. */
export const TelegramBot = z.object({
  Enabled: z.boolean(),
  HasToken: z.boolean(),
  Token: z.string().describe('The token masked (its bot id and last 4 characters), empty when none is set'),
  UpdateDate: z.string().nullable(),
});
export type TelegramBot = z.infer<typeof TelegramBot>;

export const UpdateTelegramBotBody = z.object({
  Token: z
    .string()
    .trim()
    .regex(TELEGRAM_TOKEN_PATTERN, 'must be a bot token such as 123456789:AAH… (from BotFather)')
    .optional()
    .describe('The bot token; omit to keep the stored one'),
  Enabled: z.boolean(),
});

/** A Telegram chat that is sent the alerts of the chosen events and levels, in its language. */
export const TelegramChat = z.object({
  ID: z.number(),
  ChatID: z.string(),
  Language: Language,
  EventIDs: z.array(z.number()),
  EventNames: z.array(z.string()).describe('Names of the events, in the order of EventIDs'),
  Levels: z.array(Level),
  CreateDate: z.string(),
});
export type TelegramChat = z.infer<typeof TelegramChat>;

export const TelegramChatBody = z.object({
  ChatID: z
    .string()
    .trim()
    .regex(TELEGRAM_CHAT_ID_PATTERN, 'must be a chat id (a number, negative for groups) or a channel @name'),
  Language,
  EventIDs,
  Levels,
});

export const TelegramTestBody = z.object({
  ChatID: z
    .string()
    .trim()
    .regex(TELEGRAM_CHAT_ID_PATTERN, 'must be a chat id (a number, negative for groups) or a channel @name'),
  Language: Language.optional(),
});

const TelegramChatId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const ReportFrequency = z.enum(REPORT_FREQUENCIES);
export type ReportFrequency = z.infer<typeof ReportFrequency>;
export const ReportChannel = z.enum(REPORT_CHANNELS);

/** A subscribed report (issue 23 item 5): who gets which summary, when, in which language. */
export const Subscription = z.object({
  ID: z.number(),
  Name: z.string(),
  Frequency: ReportFrequency,
  Hour: z.number().describe('Hour of the day (0–23) in the company time zone the report is sent at'),
  WeekDay: z.number().describe('Weekly reports: the day they are sent, 1 Monday … 7 Sunday'),
  Mails: z.array(z.string()),
  Language: Language.nullable().describe("The report's language; null: each recipient's own (zh when unknown)"),
  Channel: ReportChannel,
  Enabled: z.boolean(),
  NextSendDate: z.string().nullable().describe('When the next report is sent (null when disabled)'),
  NextPeriodStart: z.string().nullable(),
  NextPeriodEnd: z.string().nullable(),
  LastSentDate: z.string().nullable().describe('When the last scheduled report was queued'),
  CreateDate: z.string(),
});
export type Subscription = z.infer<typeof Subscription>;

export const SubscriptionBody = z.object({
  Name: z.string().trim().min(1, 'must not be empty').max(100),
  Frequency: ReportFrequency,
  Hour: z.number().int().min(0, 'must be 0 to 23').max(23, 'must be 0 to 23'),
  WeekDay: z
    .number()
    .int()
    .min(1, 'must be 1 (Monday) to 7 (Sunday)')
    .max(7, 'must be 1 (Monday) to 7 (Sunday)')
    .default(1),
  Mails: z
    .array(MailAddress)
    .min(1, 'must hold at least one address')
    .max(SUBSCRIPTION_MAX_RECIPIENTS, `must hold at most ${SUBSCRIPTION_MAX_RECIPIENTS} addresses`),
  Language: Language.nullable().default(null),
  Channel: ReportChannel.default('Email'),
  Enabled: z.boolean().default(true),
});

/** What "send now" mailed: the report as the recipients read it (in the first recipient's language). */
export const ReportPreview = z.object({
  Subject: z.string(),
  Text: z.string(),
  Html: z.string(),
  PeriodStart: z.string(),
  PeriodEnd: z.string(),
  Recipients: z.array(z.string()),
});
export type ReportPreview = z.infer<typeof ReportPreview>;

const SubscriptionId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The schemas of the endpoints of `notifications.api.ts`. */
export const notificationsIo = {
  listMailConfigs: { response: listEnvelope(MailConfig) },
  listMailAlerts: { response: listEnvelope(NoticeEvent) },
  listMailRecipients: { response: listEnvelope(Recipient) },
  addMailConfigs: { body: AddMailConfigsBody, response: ok(z.array(MailConfig)) },
  updateMailConfigs: {
    params: z.object({ eventIds: EventIdsSegment }),
    body: UpdateMailConfigsBody,
    response: ok(z.array(MailConfig)),
  },
  deleteMailConfigs: { body: EventLevelBody, response: StatusOk },
  listNotifyBlocks: { querystring: ListNotifyBlocksQuery, response: listEnvelope(NoticeBlockSetting) },
  addNotifyBlocks: { body: AddNotifyBlocksBody, response: ok(z.array(NoticeBlockSetting)) },
  updateNotifyBlocks: {
    params: z.object({ EventIDs: EventIdsSegment }),
    body: UpdateNotifyBlocksBody,
    response: ok(z.array(NoticeBlockSetting)),
  },
  deleteNotifyBlocks: { body: EventLevelBody, response: StatusOk },
  listDeliveries: { querystring: ListDeliveriesQuery, response: listEnvelope(Delivery) },
  resendDelivery: { params: z.object({ id: z.coerce.number().int().positive() }), response: StatusOk },
  getTelegramBot: { response: ok(TelegramBot) },
  updateTelegramBot: { body: UpdateTelegramBotBody, response: ok(TelegramBot) },
  listTelegramChats: { response: listEnvelope(TelegramChat) },
  addTelegramChat: { body: TelegramChatBody, response: ok(TelegramChat) },
  updateTelegramChat: { params: TelegramChatId, body: TelegramChatBody, response: ok(TelegramChat) },
  deleteTelegramChat: { params: TelegramChatId, response: StatusOk },
  testTelegram: { body: TelegramTestBody, response: StatusOk },
  listSubscriptions: { response: listEnvelope(Subscription) },
  addSubscription: { body: SubscriptionBody, response: ok(Subscription) },
  updateSubscription: { params: SubscriptionId, body: SubscriptionBody, response: ok(Subscription) },
  deleteSubscription: { params: SubscriptionId, response: StatusOk },
  sendSubscriptionNow: { params: SubscriptionId, response: ok(ReportPreview) },
};
