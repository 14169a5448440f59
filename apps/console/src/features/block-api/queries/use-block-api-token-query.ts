import { getBlockApiToken, LIST_QUERY_KEYS } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const blockApiTokenQueryKey = [LIST_QUERY_KEYS.blockApis, 'token'] as const;

/** Whether the block-API token is set and its last 4 characters; never the token. */
export function useBlockApiTokenQuery() {
  return useQuery({
    queryKey: blockApiTokenQueryKey,
    queryFn: async ({ signal }) => (await callApi(getBlockApiToken, {}, { signal })).data,
  });
}
