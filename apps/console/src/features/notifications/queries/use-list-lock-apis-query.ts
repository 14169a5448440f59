import { LIST_QUERY_KEYS, listBlockApis } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The block APIs a setting can choose (`GET monitor/blacklist/api`). */
export function useListLockApisQuery() {
  return useQuery({
    queryKey: [LIST_QUERY_KEYS.blockApis, 'list'],
    queryFn: async ({ signal }) => (await callApi(listBlockApis, {}, { signal })).data.recordset,
  });
}
