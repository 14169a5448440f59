import { blacklistAndProcessAlert, getAlert, getAlertOverview, listAlerts, processAlerts } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { AlertOverviewService } from './alert-overview.service';
import type { AlertsService } from './player-alerts.service';

export function playerAlertsRoutes(app: FastifyInstance, alerts: AlertsService, overview: AlertOverviewService): void {
  registerEndpoint(app, listAlerts, ({ auth, query }) => alerts.list(auth, query));
  registerEndpoint(app, getAlert, ({ auth, params }) => alerts.get(auth, params.AlertID));
  registerEndpoint(app, processAlerts, ({ auth, body }) => alerts.process(auth, body));
  registerEndpoint(app, blacklistAndProcessAlert, ({ auth, params, body }) =>
    alerts.blacklistAndProcess(auth, params.AlertID, body),
  );
  registerEndpoint(app, getAlertOverview, ({ auth, query }) => overview.overview(auth, query));
}
