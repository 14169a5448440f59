import { ALERT_QUERY_KEYS, listAlertRules } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Root of every rule query: the server's `invalidate` for rules names it. */
export const alertRulesQueryKey = [ALERT_QUERY_KEYS.rules] as const;

/** The company's player alert rules (a short list: no paging). */
export function useListAlertRulesQuery() {
  return useQuery({
    queryKey: [...alertRulesQueryKey, 'list'],
    queryFn: async ({ signal }) => (await callApi(listAlertRules, {}, { signal })).data.recordset,
  });
}
