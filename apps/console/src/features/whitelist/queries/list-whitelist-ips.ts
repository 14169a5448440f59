import { LIST_QUERY_KEYS, listWhitelistIps } from '@pitboss/contract';
import { fetchListPage } from '../../../lib/fetch-list-page';
import type { PageRequest } from '../../../lib/list-page';

export interface WhitelistIpFilters {
  /** Text found in the address or range. */
  IP?: string;
  /** Only the entries that cover this address. */
  Covering?: string;
}

/** Key prefix of the IP whitelist's pages; the server's `invalidate` names its root. */
export const whitelistIpsQueryKey = [LIST_QUERY_KEYS.whitelistIp, 'list'] as const;

/** One page of the IP whitelist for `DataTable` (`GET monitor/whitelist/ip`). */
export function fetchWhitelistIpsPage(filters: WhitelistIpFilters, request: PageRequest, signal: AbortSignal) {
  return fetchListPage(listWhitelistIps, filters, request, signal);
}
