import { endpoint } from '../common/endpoint';

/**
 * Notification settings and the delivery log (spec §7 `notification/mail`, `notification/notify`). The
 * notice group is for admin and editor only (spec §2): every call needs `write`, so viewer and Mail get 403.
 * Schemas: `notificationsIo` in `notifications.schemas.ts`.
 */

export const listMailConfigs = endpoint('listMailConfigs', {
  method: 'GET',
  path: '/api/v2/notification/mail/configs',
  summary: 'Which event and level go to which mail addresses (one row per EventID and Level)',
  tag: 'notifications',
  access: 'write',
});

export const listMailAlerts = endpoint('listMailAlerts', {
  method: 'GET',
  path: '/api/v2/notification/mail/alerts',
  summary: 'The events a setting can choose: player rules, game RTP rules, opposing-bet rules',
  tag: 'notifications',
  access: 'write',
});

export const listMailRecipients = endpoint('listMailRecipients', {
  method: 'GET',
  path: '/api/v2/notification/mail/recipients',
  summary: "The company's users with a mail address (Mail-role users included)",
  tag: 'notifications',
  access: 'write',
});

export const addMailConfigs = endpoint('addMailConfigs', {
  method: 'POST',
  path: '/api/v2/notification/mail/configs',
  summary: 'Add mail addresses to every given event at every given level (kept addresses stay)',
  tag: 'notifications',
  access: 'write',
});

export const updateMailConfigs = endpoint('updateMailConfigs', {
  method: 'PUT',
  path: '/api/v2/notification/mail/configs/:eventIds',
  summary: 'Replace the mail addresses of the events (comma-separated EventIDs) at the given levels',
  tag: 'notifications',
  access: 'write',
});

export const deleteMailConfigs = endpoint('deleteMailConfigs', {
  method: 'DELETE',
  path: '/api/v2/notification/mail/configs',
  summary: 'Delete the mail configs of the given events and levels',
  tag: 'notifications',
  access: 'write',
});

export const listNotifyBlocks = endpoint('listNotifyBlocks', {
  method: 'GET',
  path: '/api/v2/notification/notify/block-list',
  summary: 'Which event and level call which block APIs (one row per EventID and Level)',
  tag: 'notifications',
  access: 'write',
});

export const addNotifyBlocks = endpoint('addNotifyBlocks', {
  method: 'POST',
  path: '/api/v2/notification/notify/block',
  summary: 'Add block APIs to every given event at every given level (kept APIs stay)',
  tag: 'notifications',
  access: 'write',
});

export const updateNotifyBlocks = endpoint('updateNotifyBlocks', {
  method: 'PUT',
  path: '/api/v2/notification/notify/block/:EventIDs',
  summary: 'Replace the block APIs of the events (comma-separated EventIDs) at the given levels',
  tag: 'notifications',
  access: 'write',
});

export const deleteNotifyBlocks = endpoint('deleteNotifyBlocks', {
  method: 'DELETE',
  path: '/api/v2/notification/notify/block',
  summary: 'Delete the block settings of the given events and levels',
  tag: 'notifications',
  access: 'write',
});

export const listDeliveries = endpoint('listDeliveries', {
  method: 'GET',
  path: '/api/v2/notification/deliveries',
  summary: 'Every notification delivery (mail, block API…) with its status and attempts, newest first',
  tag: 'notifications',
  access: 'write',
});

export const resendDelivery = endpoint('resendDelivery', {
  method: 'POST',
  path: '/api/v2/notification/deliveries/:id/resend',
  summary: 'Queue a dead or unsent delivery again; 409 DELIVERY_NOT_RESENDABLE otherwise',
  tag: 'notifications',
  access: 'write',
});

export const getTelegramBot = endpoint('getTelegramBot', {
  method: 'GET',
  path: '/api/v2/notification/telegram',
  summary: 'The Telegram bot: whether it is enabled and its token, masked',
  tag: 'notifications',
  access: 'write',
});

export const updateTelegramBot = endpoint('updateTelegramBot', {
  method: 'PUT',
  path: '/api/v2/notification/telegram',
  summary: 'Set the bot token (kept when omitted) and turn the bot on or off',
  tag: 'notifications',
  access: 'write',
});

export const listTelegramChats = endpoint('listTelegramChats', {
  method: 'GET',
  path: '/api/v2/notification/telegram/chats',
  summary: 'The Telegram chats and the events and levels each is sent',
  tag: 'notifications',
  access: 'write',
});

export const addTelegramChat = endpoint('addTelegramChat', {
  method: 'POST',
  path: '/api/v2/notification/telegram/chats',
  summary: 'Add a Telegram chat (ChatID, Language, EventIDs, Levels)',
  tag: 'notifications',
  access: 'write',
});

export const updateTelegramChat = endpoint('updateTelegramChat', {
  method: 'PUT',
  path: '/api/v2/notification/telegram/chats/:id',
  summary: 'Change a Telegram chat',
  tag: 'notifications',
  access: 'write',
});

export const deleteTelegramChat = endpoint('deleteTelegramChat', {
  method: 'DELETE',
  path: '/api/v2/notification/telegram/chats/:id',
  summary: 'Delete a Telegram chat',
  tag: 'notifications',
  access: 'write',
});

export const testTelegram = endpoint('testTelegram', {
  method: 'POST',
  path: '/api/v2/notification/telegram/test',
  summary: 'Send a test message to a chat now (Bot API sendMessage); 502 TELEGRAM_SEND_FAILED with its answer',
  tag: 'notifications',
  access: 'write',
});

export const listSubscriptions = endpoint('listSubscriptions', {
  method: 'GET',
  path: '/api/v2/notification/subscriptions',
  summary: 'The subscribed reports: a daily, weekly or monthly summary mailed at an hour of the company time zone',
  tag: 'notifications',
  access: 'write',
});

export const addSubscription = endpoint('addSubscription', {
  method: 'POST',
  path: '/api/v2/notification/subscriptions',
  summary: 'Subscribe recipients to a report (Frequency, Hour, WeekDay, Mails, Language, Channel, Enabled)',
  tag: 'notifications',
  access: 'write',
});

export const updateSubscription = endpoint('updateSubscription', {
  method: 'PUT',
  path: '/api/v2/notification/subscriptions/:id',
  summary: 'Change a subscription; its next report is scheduled again',
  tag: 'notifications',
  access: 'write',
});

export const deleteSubscription = endpoint('deleteSubscription', {
  method: 'DELETE',
  path: '/api/v2/notification/subscriptions/:id',
  summary: 'Delete a subscription; its scheduled report is not sent',
  tag: 'notifications',
  access: 'write',
});

export const sendSubscriptionNow = endpoint('sendSubscriptionNow', {
  method: 'POST',
  path: '/api/v2/notification/subscriptions/:id/send-now',
  summary: 'Mail the report of the last full period now (outside the schedule) and answer it as a preview',
  tag: 'notifications',
  access: 'write',
});
