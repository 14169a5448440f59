import {
  addReconcileAdjustment,
  createReconcileCustomer,
  getReconcileWorkflow,
  listReconcileCustomers,
  listReconcileWorkflows,
  openReconcileWorkflow,
  reconcileReport,
  toListEnvelope,
  updateReconcileCustomer,
  updateReconcileStatus,
} from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { ReconcileService } from './reconcile.service';

/** Traffic reconciliation (issue 20): admins of publisher companies, on their working company. */
export function reconcileRoutes(app: FastifyInstance, service: ReconcileService): void {
  registerEndpoint(app, listReconcileCustomers, async ({ auth, query }) => {
    const { rows, total } = await service.listCustomers(auth, query);
    return toListEnvelope(rows, total);
  });
  registerEndpoint(app, createReconcileCustomer, async ({ auth, body }) => ({
    status: 0,
    message: 'Customer created',
    ID: await service.createCustomer(auth, body),
  }));
  registerEndpoint(app, updateReconcileCustomer, async ({ auth, params, body }) => {
    await service.updateCustomer(auth, params.id, body);
    return { status: 0, message: 'Customer updated' };
  });
  registerEndpoint(app, listReconcileWorkflows, async ({ auth, query }) => {
    const { rows, total } = await service.listWorkflows(auth, query);
    return toListEnvelope(rows, total);
  });
  registerEndpoint(app, openReconcileWorkflow, async ({ auth, body }) => ({
    status: 0,
    message: 'Reconciliation opened',
    ID: await service.openWorkflow(auth, body),
  }));
  registerEndpoint(app, getReconcileWorkflow, async ({ auth, params }) => ({
    status: 0,
    message: 'OK',
    data: await service.getWorkflow(auth, params.id),
  }));
  registerEndpoint(app, updateReconcileStatus, async ({ auth, params, body }) => {
    await service.setStatus(auth, params.id, body);
    return { status: 0, message: 'Status changed' };
  });
  registerEndpoint(app, addReconcileAdjustment, async ({ auth, params, body }) => ({
    status: 0,
    message: 'Adjustment added',
    ID: await service.addAdjustment(auth, params.id, body),
  }));
  registerEndpoint(app, reconcileReport, async ({ auth, query }) => ({
    status: 0,
    message: 'OK',
    data: await service.report(auth, query),
  }));
}
