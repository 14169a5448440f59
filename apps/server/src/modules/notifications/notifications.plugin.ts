import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDigestChannel } from './digest.channel';
import { blockTarget, mailTarget, smsTarget, telegramTarget } from './notice-targets';
import { notificationsRoutes } from './notifications.routes';
import { NotificationsService } from './notifications.service';
import { createSmsChannel } from './sms.channel';
import { createReportChannel } from './subscription.channel';
import { SubscriptionsService } from './subscriptions.service';
import { createTelegramChannel } from './telegram.channel';
import { TelegramService } from './telegram.service';

/**
 * Notifications: where alerts of every kind go (mail configs, notice block settings), the digest of
 * mails held back by the per-recipient limit, and the delivery log over the outbox.
 */
export const notificationsPlugin = fp(
  async (app: FastifyInstance) => {
    app.alerting.addTarget(mailTarget(app.config));
    app.alerting.addTarget(blockTarget());
    app.alerting.addTarget(telegramTarget(app.config));
    app.alerting.addTarget(smsTarget(app.config));
    app.outbox.register(createDigestChannel(app.db, app.config));
    app.outbox.register(createTelegramChannel(app.db, app.config));
    app.outbox.register(createSmsChannel(app.config));
    app.outbox.register(createReportChannel(app.db, app.config));
    notificationsRoutes(
      app,
      new NotificationsService(app.db, app.alerting, app.outbox, app.live),
      new TelegramService(app.db, app.config, app.alerting, app.live),
      new SubscriptionsService(app.db, app.config, app.outbox, app.live),
    );
  },
  {
    name: 'notifications',
    dependencies: ['core', 'authentication', 'live', 'outbox', 'mail', 'block-api', 'alerting'],
  },
);
