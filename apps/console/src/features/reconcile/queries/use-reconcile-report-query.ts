import { reconcileReport } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { reconcileKey } from './list-customers';

export interface ReportFilters {
  From: string;
  To: string;
  /** Comma-separated. */
  CustomerIDs?: string | undefined;
  /** Comma-separated. */
  GameIDs?: string | undefined;
}

/** Months side by side per customer and game, with adjustments, totals and commission. */
export function useReconcileReportQuery(filters: ReportFilters) {
  return useQuery({
    queryKey: [...reconcileKey, 'report', filters],
    queryFn: async ({ signal }) => (await callApi(reconcileReport, { query: filters }, { signal })).data,
  });
}
