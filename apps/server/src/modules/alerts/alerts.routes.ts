import { getAlert, getAlertOverview, getRiskDashboard, listAlerts, processAlerts } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import { AlertInsightsService } from './alert-insights.service';
import { AlertsService } from './alerts.service';

export async function alertsRoutes(app: FastifyInstance): Promise<void> {
  const alerts = new AlertsService(app.ctx);
  const insights = new AlertInsightsService(app.ctx);
  app.ctx.outbox.register(app.ctx.alertNotifier);

  registerEndpoint(app, listAlerts, ({ auth, query }) => alerts.list(auth, query));
  registerEndpoint(app, getAlert, ({ auth, params }) => alerts.get(auth, params.AlertID));
  registerEndpoint(app, processAlerts, ({ auth, body }) => alerts.process(auth, body));
  registerEndpoint(app, getRiskDashboard, ({ auth, query }) => insights.dashboard(auth, query));
  registerEndpoint(app, getAlertOverview, ({ auth, query }) => insights.overview(auth, query));
}
