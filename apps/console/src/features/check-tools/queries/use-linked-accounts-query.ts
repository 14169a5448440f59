import { getLinkedAccounts, type LinkedAccountRow } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The most linked accounts the graph draws (the strongest); the list beside it pages through all. */
export const GRAPH_NODES = 40;

/** The strongest accounts linked to one member, one hop and two, for the linked-accounts graph. */
export function useLinkedAccountsQuery(body: { Start: string; End: string; MemberIDs: string[] }) {
  return useQuery({
    queryKey: ['check-tools', 'linked-graph', body],
    queryFn: async ({ signal }) => {
      const answer = await callApi(
        getLinkedAccounts,
        { body: { ...body, Hops: 2, PageNumber: 1, PageSize: GRAPH_NODES, sort: 'Strength Desc' } },
        { signal },
      );
      return { rows: answer.data.recordset as LinkedAccountRow[], total: answer.cnt };
    },
  });
}
