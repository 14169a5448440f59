import { listCompanies } from '@pitboss/contract';
import { fetchListPage } from '../../../lib/fetch-list-page';
import type { PageRequest } from '../../../lib/list-page';

/** Every company-administration query starts with this key. */
export const companiesKey = ['companies'] as const;

export interface CompanyFilters {
  Name?: string | undefined;
}

/** One page of the installation's companies (special administrator only). */
export function fetchCompaniesPage(filters: CompanyFilters, request: PageRequest, signal: AbortSignal) {
  return fetchListPage(listCompanies, filters, request, signal);
}
