import { userInfo } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const userInfoQueryKey = ['auth', 'user-info'] as const;

/** The current user (spec §3): name, role, working company, companies, dark mode and language. */
export function useUserInfoQuery() {
  return useQuery({
    queryKey: userInfoQueryKey,
    queryFn: async ({ signal }) => (await callApi(userInfo, {}, { signal })).data,
  });
}
