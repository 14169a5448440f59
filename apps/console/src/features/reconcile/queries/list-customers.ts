import { listReconcileCustomers } from '@pitboss/contract';
import { fetchListPage } from '../../../lib/fetch-list-page';
import type { PageRequest } from '../../../lib/list-page';

/** Every reconcile query starts with this key. */
export const reconcileKey = ['reconcile'] as const;
export const customersKey = [...reconcileKey, 'customers'] as const;

export interface CustomerFilters {
  SearchKey?: '1' | '2' | undefined;
  Keyword?: string | undefined;
  Status?: '1' | '2' | '3' | undefined;
}

export function fetchCustomersPage(filters: CustomerFilters, request: PageRequest, signal: AbortSignal) {
  return fetchListPage(listReconcileCustomers, filters, request, signal);
}
