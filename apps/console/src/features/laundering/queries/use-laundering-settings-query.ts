import { LAUNDERING_QUERY_KEYS, listLaunderingSettings } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Root of every opposing-bet settings query: the server's `invalidate` for settings names it. */
export const launderingSettingsQueryKey = [LAUNDERING_QUERY_KEYS.settings] as const;

/** The company's opposing-bet settings (a short list: no paging). */
export function useLaunderingSettingsQuery() {
  return useQuery({
    queryKey: [...launderingSettingsQueryKey, 'list'],
    queryFn: async ({ signal }) => (await callApi(listLaunderingSettings, {}, { signal })).data.recordset,
  });
}
