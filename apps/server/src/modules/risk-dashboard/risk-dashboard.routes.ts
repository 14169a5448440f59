import { getRiskDashboard } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { RiskDashboardService } from './risk-dashboard.service';

export function riskDashboardRoutes(app: FastifyInstance, dashboard: RiskDashboardService): void {
  registerEndpoint(app, getRiskDashboard, ({ auth, query }) => dashboard.dashboard(auth, query));
}
