import { DEFAULT_RULES } from '@pitboss/engine';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { insertDefaultRules } from './alert-rules.repository';
import { alertRulesRoutes } from './alert-rules.routes';
import { AlertRulesService } from './alert-rules.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Player alert rules; `changed.add(name, hook)` runs in the transaction of every rule change. */
    alertRules: AlertRulesService;
  }
}

export const alertRulesPlugin = fp(
  async (app: FastifyInstance) => {
    const service = new AlertRulesService(app.db, app.live);
    app.decorate('alertRules', service);
    // Every new company starts with the engine's default rules (EventID 1–7).
    app.companies.addDefaults('alert-rules', (sql, company) => insertDefaultRules(sql, company.cid, DEFAULT_RULES));
    alertRulesRoutes(app, service);
  },
  { name: 'alert-rules', dependencies: ['core', 'authentication', 'live', 'companies'] },
);
