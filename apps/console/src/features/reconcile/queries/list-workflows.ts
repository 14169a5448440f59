import { listReconcileWorkflows, type ReconcileStatus } from '@pitboss/contract';
import { fetchListPage } from '../../../lib/fetch-list-page';
import type { PageRequest } from '../../../lib/list-page';
import { reconcileKey } from './list-customers';

export const workflowsKey = [...reconcileKey, 'workflows'] as const;

export interface WorkflowFilters {
  /** `YYYY-MM` */
  Month?: string | undefined;
  /** Customer ids, comma-separated. */
  CustomerIDs?: string | undefined;
  Status?: ReconcileStatus | undefined;
}

export function fetchWorkflowsPage(filters: WorkflowFilters, request: PageRequest, signal: AbortSignal) {
  return fetchListPage(listReconcileWorkflows, filters, request, signal);
}
