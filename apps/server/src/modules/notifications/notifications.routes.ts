import {
  addMailConfigs,
  addNotifyBlocks,
  addSubscription,
  addTelegramChat,
  deleteMailConfigs,
  deleteNotifyBlocks,
  deleteSubscription,
  deleteTelegramChat,
  getTelegramBot,
  listDeliveries,
  listMailAlerts,
  listMailConfigs,
  listMailRecipients,
  listNotifyBlocks,
  listSubscriptions,
  listTelegramChats,
  resendDelivery,
  sendSubscriptionNow,
  testTelegram,
  updateMailConfigs,
  updateNotifyBlocks,
  updateSubscription,
  updateTelegramBot,
  updateTelegramChat,
} from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { NotificationsService } from './notifications.service';
import type { SubscriptionsService } from './subscriptions.service';
import type { TelegramService } from './telegram.service';

export function notificationsRoutes(
  app: FastifyInstance,
  service: NotificationsService,
  telegram: TelegramService,
  subscriptions: SubscriptionsService,
): void {
  registerEndpoint(app, listMailConfigs, ({ auth }) => service.mailConfigs(auth));
  registerEndpoint(app, listMailAlerts, ({ auth }) => service.alerts(auth));
  registerEndpoint(app, listMailRecipients, ({ auth }) => service.recipients(auth));
  registerEndpoint(app, addMailConfigs, async ({ auth, body }) => ({
    status: 0,
    data: await service.addMailConfigs(auth, body),
  }));
  registerEndpoint(app, updateMailConfigs, async ({ auth, params, body }) => ({
    status: 0,
    data: await service.updateMailConfigs(auth, params.eventIds, body),
  }));
  registerEndpoint(app, deleteMailConfigs, ({ auth, body }) => service.deleteMailConfigs(auth, body));

  registerEndpoint(app, listNotifyBlocks, ({ auth, query }) => service.blockSettings(auth, query));
  registerEndpoint(app, addNotifyBlocks, async ({ auth, body }) => ({
    status: 0,
    data: await service.addBlockSettings(auth, body),
  }));
  registerEndpoint(app, updateNotifyBlocks, async ({ auth, params, body }) => ({
    status: 0,
    data: await service.updateBlockSettings(auth, params.EventIDs, body),
  }));
  registerEndpoint(app, deleteNotifyBlocks, ({ auth, body }) => service.deleteBlockSettings(auth, body));

  registerEndpoint(app, listDeliveries, ({ auth, query }) => service.deliveries(auth, query));
  registerEndpoint(app, resendDelivery, ({ auth, params }) => service.resend(auth, params.id));

  registerEndpoint(app, getTelegramBot, ({ auth }) => telegram.bot(auth));
  registerEndpoint(app, updateTelegramBot, ({ auth, body }) => telegram.saveBot(auth, body));
  registerEndpoint(app, listTelegramChats, ({ auth }) => telegram.chats(auth));
  registerEndpoint(app, addTelegramChat, ({ auth, body }) => telegram.addChat(auth, body));
  registerEndpoint(app, updateTelegramChat, ({ auth, params, body }) => telegram.updateChat(auth, params.id, body));
  registerEndpoint(app, deleteTelegramChat, ({ auth, params }) => telegram.deleteChat(auth, params.id));
  registerEndpoint(app, testTelegram, ({ auth, body }) => telegram.test(auth, body));

  registerEndpoint(app, listSubscriptions, ({ auth }) => subscriptions.list(auth));
  registerEndpoint(app, addSubscription, ({ auth, body }) => subscriptions.add(auth, body));
  registerEndpoint(app, updateSubscription, ({ auth, params, body }) => subscriptions.update(auth, params.id, body));
  registerEndpoint(app, deleteSubscription, ({ auth, params }) => subscriptions.remove(auth, params.id));
  registerEndpoint(app, sendSubscriptionNow, ({ auth, params }) => subscriptions.sendNow(auth, params.id));
}
