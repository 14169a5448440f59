import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AlertingService } from './alerting.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** What every alert kind shares: EventIDs, the list of rules, the `alert` notification channel. */
    alerting: AlertingService;
  }
}

export const alertingPlugin = fp(
  async (app: FastifyInstance) => {
    const alerting = new AlertingService(app.db);
    app.decorate('alerting', alerting);
    app.outbox.register(alerting.notifier);
  },
  { name: 'alerting', dependencies: ['core', 'outbox'] },
);
