import { LIST_QUERY_KEYS, listWhitelistIps } from '@pitboss/contract';
import { callApi } from '../../../lib/api';
import { type PageRequest, pageFromEnvelope } from '../../../lib/list-page';

export interface WhitelistIpFilters {
  /** Text found in the address or range. */
  IP?: string;
  /** Only the entries that cover this address. */
  Covering?: string;
}

/** Key prefix of the IP whitelist's pages; the server's `invalidate` names its root. */
export const whitelistIpsQueryKey = [LIST_QUERY_KEYS.whitelistIp, 'list'] as const;

/** One page of the IP whitelist for `DataTable` (`GET monitor/whitelist/ip`). */
export async function fetchWhitelistIpsPage(filters: WhitelistIpFilters, request: PageRequest, signal: AbortSignal) {
  const answer = await callApi(
    listWhitelistIps,
    {
      query: {
        page: request.page,
        pageSize: request.pageSize,
        sort: request.sort,
        IP: filters.IP,
        Covering: filters.Covering,
      },
    },
    { signal },
  );
  return pageFromEnvelope(answer);
}
