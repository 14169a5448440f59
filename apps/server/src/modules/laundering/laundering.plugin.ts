import { EVENT_TYPE_NAMES, LAUNDERING_EVENT_TYPE } from '@pitboss/contract';
import { DEFAULT_LAUNDERING_SETTING } from '@pitboss/engine';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LaunderingDetection } from './laundering.detection';
import { launderingRoutes } from './laundering.routes';
import { LaunderingService } from './laundering.service';
import { insertSetting, listSettings } from './laundering-settings.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Opposing-bet detection of this process (detector sizes for tests and benchmarks). */
    launderingDetection: LaunderingDetection;
  }
}

/**
 * Opposing bets (money laundering), platform and aggregator companies only: settings (a default one for
 * every new company of those types), detection at ingest (an event-store processor), alerts and search.
 */
export const launderingPlugin = fp(
  async (app: FastifyInstance) => {
    const detection = new LaunderingDetection({ alerting: app.alerting, live: app.live, outbox: app.outbox });
    app.decorate('launderingDetection', detection);
    app.eventStore.use(detection.processor());
    app.companies.addDefaults('laundering', async (sql, company) => {
      if (company.operatorType === 2) return;
      await insertSetting(
        sql,
        company.cid,
        await app.alerting.nextEventId(sql, company.cid),
        DEFAULT_LAUNDERING_SETTING,
        'system',
      );
    });
    app.alerting.addEventSource('laundering', async (sql, cid) =>
      (await listSettings(sql, cid)).map((setting) => ({
        EventID: setting.EventID,
        EventName: setting.EventName,
        EventType: LAUNDERING_EVENT_TYPE,
        TypeName: EVENT_TYPE_NAMES[LAUNDERING_EVENT_TYPE],
        Kind: 'laundering' as const,
        Enabled: setting.Enabled,
      })),
    );
    launderingRoutes(app, new LaunderingService(app.db, app.live, app.alerting));
  },
  {
    name: 'laundering',
    dependencies: ['core', 'authentication', 'live', 'outbox', 'event-store', 'companies', 'alerting', 'alert-rules'],
  },
);
