import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { riskDashboardRoutes } from './risk-dashboard.routes';
import { RiskDashboardService } from './risk-dashboard.service';

export const riskDashboardPlugin = fp(
  async (app: FastifyInstance) => {
    riskDashboardRoutes(app, new RiskDashboardService(app.db));
  },
  { name: 'risk-dashboard', dependencies: ['core', 'authentication'] },
);
