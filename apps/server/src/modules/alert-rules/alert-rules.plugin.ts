import { EVENT_TYPE_NAMES } from '@pitboss/contract';
import { DEFAULT_RULES } from '@pitboss/engine';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { insertDefaultRules, listRules } from './alert-rules.repository';
import { alertRulesRoutes } from './alert-rules.routes';
import { AlertRulesService } from './alert-rules.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Player alert rules; `changed.add(name, hook)` runs in the transaction of every rule change. */
    alertRules: AlertRulesService;
  }
}

const LAST_DEFAULT_EVENT_ID = Math.max(...DEFAULT_RULES.map((rule) => rule.EventID));

export const alertRulesPlugin = fp(
  async (app: FastifyInstance) => {
    const service = new AlertRulesService(app.db, app.live, app.alerting);
    app.decorate('alertRules', service);
    // Every new company starts with the engine's default rules (EventID 1–7); later rules of any kind
    // take the EventIDs after them.
    app.companies.addDefaults('alert-rules', async (sql, company) => {
      await insertDefaultRules(sql, company.cid, DEFAULT_RULES);
      await app.alerting.reserveEventIds(sql, company.cid, LAST_DEFAULT_EVENT_ID);
    });
    // Notification settings choose among the player rules too.
    app.alerting.addEventSource('player', async (sql, cid) =>
      (await listRules(sql, cid)).map((rule) => ({
        EventID: rule.EventID,
        EventName: rule.EventName,
        EventType: rule.EventType,
        TypeName: EVENT_TYPE_NAMES[rule.EventType],
        Kind: 'player' as const,
        Enabled: rule.Enabled,
      })),
    );
    alertRulesRoutes(app, service);
  },
  { name: 'alert-rules', dependencies: ['core', 'authentication', 'live', 'companies', 'alerting'] },
);
