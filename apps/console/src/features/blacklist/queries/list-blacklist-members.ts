import { LIST_QUERY_KEYS, listBlacklistMembers } from '@pitboss/contract';
import type { MemberFilters } from '../../../components/ListPanel/MemberListPanel';
import { fetchListPage } from '../../../lib/fetch-list-page';
import type { PageRequest } from '../../../lib/list-page';

export interface BlacklistFilters extends MemberFilters {
  /** Alert types; 0 stands for manual entries. */
  EventTypes?: number[];
}

/** Key prefix of the blacklist's pages; the server's `invalidate` names its root. */
export const blacklistMembersQueryKey = [LIST_QUERY_KEYS.blacklist, 'members'] as const;

/** One page of the blacklist for `DataTable` (`GET monitor/blacklist/members`). */
export function fetchBlacklistMembersPage(filters: BlacklistFilters, request: PageRequest, signal: AbortSignal) {
  return fetchListPage(listBlacklistMembers, filters, request, signal);
}
