import { LIST_QUERY_KEYS, listBlacklistMembers } from '@pitboss/contract';
import type { MemberFilters } from '../../../components/ListPanel/MemberListPanel';
import { callApi } from '../../../lib/api';
import { type PageRequest, pageFromEnvelope } from '../../../lib/list-page';

export interface BlacklistFilters extends MemberFilters {
  /** Alert types; 0 stands for manual entries. */
  EventTypes?: number[];
}

/** Key prefix of the blacklist's pages; the server's `invalidate` names its root. */
export const blacklistMembersQueryKey = [LIST_QUERY_KEYS.blacklist, 'members'] as const;

/** One page of the blacklist for `DataTable` (`GET monitor/blacklist/members`). */
export async function fetchBlacklistMembersPage(filters: BlacklistFilters, request: PageRequest, signal: AbortSignal) {
  const answer = await callApi(
    listBlacklistMembers,
    {
      query: {
        page: request.page,
        pageSize: request.pageSize,
        sort: request.sort,
        MemberIDs: filters.MemberIDs,
        Keyword: filters.Keyword,
        EventTypes: filters.EventTypes?.length ? filters.EventTypes.map(String) : undefined,
      },
    },
    { signal },
  );
  return pageFromEnvelope(answer);
}
