import { NOTIFICATION_QUERY_KEYS, SUBSCRIPTION_QUERY_KEY } from '@pitboss/contract';

/** Query keys of the notification screens, rooted at the keys the server's `invalidate` names. */
export const mailConfigsQueryKey = [NOTIFICATION_QUERY_KEYS.mailConfigs, 'list'] as const;
export const blockSettingsQueryKey = [NOTIFICATION_QUERY_KEYS.blockSettings, 'list'] as const;
export const deliveriesQueryKey = [NOTIFICATION_QUERY_KEYS.deliveries, 'list'] as const;
export const noticeEventsQueryKey = ['notifications', 'events'] as const;
export const recipientsQueryKey = ['notifications', 'recipients'] as const;
export const telegramBotQueryKey = [NOTIFICATION_QUERY_KEYS.telegram, 'bot'] as const;
export const telegramChatsQueryKey = [NOTIFICATION_QUERY_KEYS.telegram, 'chats'] as const;
export const subscriptionsQueryKey = [SUBSCRIPTION_QUERY_KEY, 'list'] as const;
