import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AlertOverviewService } from './alert-overview.service';
import { detectorProcessor } from './detection/detector.processor';
import { DetectorService } from './detection/detector.service';
import { markExemptionsChanged, markRulesChanged } from './detection/detector-state.repository';
import { playerAlertsRoutes } from './player-alerts.routes';
import { AlertsService } from './player-alerts.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The player-alert engines of this process, fed by the event store (stats and replays for tests and benchmarks). */
    playerDetection: DetectorService;
  }
}

/**
 * Player alerts: detection at ingest (an event-store processor running the company's engine), the
 * alerts it stores, their notifications (`alert` outbox channel), and the list, review and overview.
 */
export const playerAlertsPlugin = fp(
  async (app: FastifyInstance) => {
    const detection = new DetectorService(app.log, {
      replayDays: app.config.alertReplayDays,
      maxFutureMs: app.config.ingestMaxFutureMs,
    });
    app.decorate('playerDetection', detection);
    app.eventStore.use(detectorProcessor(detection, { live: app.live, outbox: app.outbox }));
    // Every process reloads a company's rules and whitelists before its next batch once these move.
    app.alertRules.changed.add('player-alerts', markRulesChanged);
    app.whitelist.changed.add('player-alerts', markExemptionsChanged);
    playerAlertsRoutes(app, new AlertsService(app.db, app.live, app.blacklist), new AlertOverviewService(app.db));
  },
  {
    name: 'player-alerts',
    dependencies: [
      'core',
      'authentication',
      'live',
      'outbox',
      'event-store',
      'alerting',
      'alert-rules',
      'whitelist',
      'blacklist',
    ],
  },
);
