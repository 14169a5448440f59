import { listGroups } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { usersKey } from './list-users';

export const listGroupsKey = [...usersKey, 'groups'] as const;

/** The user groups of the working company (a short list: no paging). */
export function useListGroupsQuery() {
  return useQuery({
    queryKey: listGroupsKey,
    queryFn: async ({ signal }) => (await callApi(listGroups, {}, { signal })).data.recordset,
  });
}
