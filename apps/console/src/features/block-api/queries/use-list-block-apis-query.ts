import { LIST_QUERY_KEYS, listBlockApis } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const blockApisQueryKey = [LIST_QUERY_KEYS.blockApis, 'list'] as const;

/** The company's block APIs, by name (`GET monitor/blacklist/api`). */
export function useListBlockApisQuery() {
  return useQuery({
    queryKey: blockApisQueryKey,
    queryFn: async ({ signal }) => (await callApi(listBlockApis, {}, { signal })).data.recordset,
  });
}
