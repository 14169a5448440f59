/**
 * Notifications (spec §2 notice group, §3 "Mail alert config", "Recipient", "Notice block setting", §7
 * `notification/mail` and `notification/notify`): which alerts of which event and level go to which
 * mail addresses and block APIs, and the delivery log of everything sent for alerts.
 * Schemas: `notifications.schemas.ts`.
 */

/** Where a delivery goes: a mail (spec notice channel Email), an SMS, a Telegram chat, a block API. */
export const DELIVERY_CHANNELS = ['Email', 'SMS', 'TG', 'API'] as const;

/**
 * A delivery's state: queued (waiting for its first attempt or being sent), sent, failed (the last attempt
 * failed, it will be tried again; the reason is shown), dead (given up, or cancelled; may be resent),
 * unsent (cannot be sent as configured, e.g. no SMTP server; may be resent).
 */
export const DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'dead', 'unsent'] as const;

export const DELIVERY_SORT_FIELDS = ['CreateDate', 'Channel', 'Target', 'Status'] as const;

/** At most this many addresses per mail config (one event and level). */
export const MAIL_CONFIG_MAX_MAILS = 50;
export const MAIL_ADDRESS_MAX_LENGTH = 254;

/** Default of `PITBOSS_NOTIFY_PER_MINUTE`: mails one recipient gets per minute before the rest go out as a digest. */
export const DEFAULT_NOTIFY_PER_MINUTE = 10;

/** Stable code of a resend refused because the delivery is not dead or unsent (409). */
export const DELIVERY_NOT_RESENDABLE = 'DELIVERY_NOT_RESENDABLE';

/** Query keys the console invalidates when settings or deliveries change (live `invalidate`). */
export const NOTIFICATION_QUERY_KEYS = {
  mailConfigs: 'notification-mail-configs',
  blockSettings: 'notification-block-settings',
  deliveries: 'notification-deliveries',
  telegram: 'notification-telegram',
} as const;

/** A Telegram bot token as BotFather gives it: `<bot id>:<secret>`. */
export const TELEGRAM_TOKEN_PATTERN = /^\d{3,20}:[A-Za-z0-9_-]{30,80}$/;
/** A chat id: a number (groups are negative) or a public channel's `@name`. */
export const TELEGRAM_CHAT_ID_PATTERN = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;
/** Stable code of a test message the Bot API did not accept (502). */
export const TELEGRAM_SEND_FAILED = 'TELEGRAM_SEND_FAILED';
/** Stable code of a test message asked for while no token is set (409). */
export const TELEGRAM_NOT_CONFIGURED = 'TELEGRAM_NOT_CONFIGURED';

/** How often a subscribed report is sent (issue 23 item 5): the day, week or month before the send day. */
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
/** The channels a subscribed report can go by (spec notice channel); reports are mails. */
export const REPORT_CHANNELS = ['Email'] as const;
/** At most this many recipients per subscription. */
export const SUBSCRIPTION_MAX_RECIPIENTS = 50;
/** Query key the console invalidates when subscriptions change. */
export const SUBSCRIPTION_QUERY_KEY = 'notification-subscriptions';
