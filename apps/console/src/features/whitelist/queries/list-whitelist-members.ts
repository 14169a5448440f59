import { LIST_QUERY_KEYS, listWhitelistMembers } from '@pitboss/contract';
import type { MemberFilters } from '../../../components/ListPanel/MemberListPanel';
import { callApi } from '../../../lib/api';
import { type PageRequest, pageFromEnvelope } from '../../../lib/list-page';

/** Key prefix of the whitelist's pages; the server's `invalidate` names its root. */
export const whitelistMembersQueryKey = [LIST_QUERY_KEYS.whitelist, 'members'] as const;

/** One page of the player whitelist for `DataTable` (`GET monitor/whitelist`). */
export async function fetchWhitelistMembersPage(filters: MemberFilters, request: PageRequest, signal: AbortSignal) {
  const answer = await callApi(
    listWhitelistMembers,
    {
      query: {
        page: request.page,
        pageSize: request.pageSize,
        sort: request.sort,
        MemberIDs: filters.MemberIDs,
        Keyword: filters.Keyword,
      },
    },
    { signal },
  );
  return pageFromEnvelope(answer);
}
