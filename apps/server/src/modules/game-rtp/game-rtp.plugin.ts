import { EVENT_TYPE_NAMES, GAME_RTP_EVENT_TYPE } from '@pitboss/contract';
import { DEFAULT_GAME_RTP_RULES } from '@pitboss/engine';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GameRtpDetection } from './game-rtp.processor';
import { gameRtpRoutes } from './game-rtp.routes';
import {
  GameCatalogueService,
  GameRtpAlertsService,
  GameRtpRulesService,
  GameRtpSearchService,
} from './game-rtp.service';
import { insertRule, listRules } from './game-rtp-rules.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The game RTP detectors of this process, fed by the event store. */
    gameRtpDetection: GameRtpDetection;
  }
}

/**
 * Game monitoring (issue 17): the game catalogue for pickers, game RTP rules (with a new company's
 * defaults), detection at ingest (an event-store processor) and the game alerts.
 */
export const gameRtpPlugin = fp(
  async (app: FastifyInstance) => {
    const detection = new GameRtpDetection(app.log, app.alerting, { live: app.live, outbox: app.outbox });
    app.decorate('gameRtpDetection', detection);
    app.eventStore.use(detection.processor());
    app.companies.addDefaults('game-rtp', async (sql, company) => {
      for (const rule of DEFAULT_GAME_RTP_RULES) {
        await insertRule(sql, company.cid, await app.alerting.nextEventId(sql, company.cid), rule, 'system');
      }
    });
    app.alerting.addEventSource('game', async (sql, cid) =>
      (await listRules(sql, cid)).map((rule) => ({
        EventID: rule.EventID,
        EventName: rule.EventName,
        EventType: GAME_RTP_EVENT_TYPE,
        TypeName: EVENT_TYPE_NAMES[GAME_RTP_EVENT_TYPE],
        Kind: 'game' as const,
        Enabled: rule.Enabled,
      })),
    );
    gameRtpRoutes(
      app,
      new GameCatalogueService(app.db),
      new GameRtpRulesService(app.db, app.live, app.alerting),
      new GameRtpAlertsService(app.db, app.live),
      new GameRtpSearchService(app.db),
    );
  },
  {
    name: 'game-rtp',
    dependencies: ['core', 'authentication', 'live', 'outbox', 'event-store', 'companies', 'alerting', 'alert-rules'],
  },
);
