import { endpoint } from '../common/endpoint';

/**
 * Traffic reconciliation (issue 20): admins of publisher companies only (403 for everyone else, the
 * publisher flag is checked by the server). Schemas: `reconcileIo` in `reconcile.schemas.ts`.
 */
const PUBLISHER = ['publisher'] as const;

export const listReconcileCustomers = endpoint('listReconcileCustomers', {
  method: 'GET',
  path: '/api/v2/reconcile/customers',
  summary: 'Customers (operators a publisher bills), by business name or member id',
  tag: 'reconcile',
  access: 'admin',
  priceLevels: PUBLISHER,
});

export const createReconcileCustomer = endpoint('createReconcileCustomer', {
  method: 'POST',
  path: '/api/v2/reconcile/customers',
  summary: 'Add a customer with its commission terms and the customer ids its bets carry',
  tag: 'reconcile',
  access: 'admin',
  priceLevels: PUBLISHER,
});

export const updateReconcileCustomer = endpoint('updateReconcileCustomer', {
  method: 'PUT',
  path: '/api/v2/reconcile/customers/:id',
  summary: 'Change a customer',
  tag: 'reconcile',
  access: 'admin',
  priceLevels: PUBLISHER,
});

export const listReconcileWorkflows = endpoint('listReconcileWorkflows', {
  method: 'GET',
  path: '/api/v2/reconcile/workflows',
  summary: 'Reconciliations (one per customer and month)',
  tag: 'reconcile',
  access: 'admin',
  priceLevels: PUBLISHER,
});

export const openReconcileWorkflow = endpoint('openReconcileWorkflow', {
  method: 'POST',
  path: '/api/v2/reconcile/workflows',
  summary: "Open a customer's month and compute it from the bets carrying its ids",
  tag: 'reconcile',
  access: 'admin',
  priceLevels: PUBLISHER,
});

export const getReconcileWorkflow = endpoint('getReconcileWorkflow', {
  method: 'GET',
  path: '/api/v2/reconcile/workflows/:id',
  summary: 'A reconciliation: figures per game, the difference since it was frozen, adjustments, history',
  tag: 'reconcile',
  access: 'admin',
  priceLevels: PUBLISHER,
});

export const updateReconcileStatus = endpoint('updateReconcileStatus', {
  method: 'PUT',
  path: '/api/v2/reconcile/workflows/:id/status',
  summary: 'Move a reconciliation along its state machine',
  tag: 'reconcile',
  access: 'admin',
  priceLevels: PUBLISHER,
});

export const addReconcileAdjustment = endpoint('addReconcileAdjustment', {
  method: 'POST',
  path: '/api/v2/reconcile/workflows/:id/adjustments',
  summary: 'Add or subtract an amount, with a reason',
  tag: 'reconcile',
  access: 'admin',
  priceLevels: PUBLISHER,
});

export const reconcileReport = endpoint('reconcileReport', {
  method: 'GET',
  path: '/api/v2/reconcile/report',
  summary: 'Months side by side per customer and game, with adjustments, totals and commission',
  tag: 'reconcile',
  access: 'admin',
  priceLevels: PUBLISHER,
});
