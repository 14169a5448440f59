import {
  createGameRtpSetting,
  deleteGameRtpSetting,
  getGameRtpAlert,
  listGameRtpAlerts,
  listGameRtpSettings,
  listMonitorGames,
  listMonitorGameTypes,
  processGameRtpAlerts,
  searchGameRtp,
  searchGameRtpByTime,
  updateGameRtpSetting,
} from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type {
  GameCatalogueService,
  GameRtpAlertsService,
  GameRtpRulesService,
  GameRtpSearchService,
} from './game-rtp.service';

export function gameRtpRoutes(
  app: FastifyInstance,
  catalogue: GameCatalogueService,
  rules: GameRtpRulesService,
  alerts: GameRtpAlertsService,
  search: GameRtpSearchService,
): void {
  registerEndpoint(app, listMonitorGameTypes, ({ auth }) => catalogue.types(auth));
  registerEndpoint(app, listMonitorGames, ({ auth, query }) => catalogue.games(auth, query));
  registerEndpoint(app, listGameRtpSettings, ({ auth }) => rules.list(auth));
  registerEndpoint(app, createGameRtpSetting, ({ auth, body }) => rules.create(auth, body));
  registerEndpoint(app, updateGameRtpSetting, ({ auth, params, body }) => rules.update(auth, params.EventID, body));
  registerEndpoint(app, deleteGameRtpSetting, ({ auth, params }) => rules.remove(auth, params.EventID));
  registerEndpoint(app, listGameRtpAlerts, ({ auth, query }) => alerts.list(auth, query));
  registerEndpoint(app, getGameRtpAlert, ({ auth, params }) => alerts.detail(auth, params.AlertID));
  registerEndpoint(app, processGameRtpAlerts, ({ auth, body }) => alerts.process(auth, body));
  registerEndpoint(app, searchGameRtp, ({ auth, body }) => search.games(auth, body));
  registerEndpoint(app, searchGameRtpByTime, ({ auth, body }) => search.byTime(auth, body));
}
