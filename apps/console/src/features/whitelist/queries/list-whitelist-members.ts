import { LIST_QUERY_KEYS, listWhitelistMembers } from '@pitboss/contract';
import type { MemberFilters } from '../../../components/ListPanel/MemberListPanel';
import { fetchListPage } from '../../../lib/fetch-list-page';
import type { PageRequest } from '../../../lib/list-page';

/** Key prefix of the whitelist's pages; the server's `invalidate` names its root. */
export const whitelistMembersQueryKey = [LIST_QUERY_KEYS.whitelist, 'members'] as const;

/** One page of the player whitelist for `DataTable` (`GET monitor/whitelist`). */
export function fetchWhitelistMembersPage(filters: MemberFilters, request: PageRequest, signal: AbortSignal) {
  return fetchListPage(listWhitelistMembers, filters, request, signal);
}
