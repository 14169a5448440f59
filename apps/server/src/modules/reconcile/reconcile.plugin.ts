import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reconcileRoutes } from './reconcile.routes';
import { ReconcileService } from './reconcile.service';

/** Traffic reconciliation for publishers (issue 20, DESIGN §10): customers, monthly workflows, report. */
export const reconcilePlugin = fp(
  async (app: FastifyInstance) => {
    reconcileRoutes(app, new ReconcileService(app.db));
  },
  { name: 'reconcile', dependencies: ['core', 'authentication'] },
);
