import { type BLOCK_API_LOG_OUTCOMES, LIST_QUERY_KEYS, listBlockApiLogs } from '@pitboss/contract';
import { fetchListPage } from '../../../lib/fetch-list-page';
import type { PageRequest } from '../../../lib/list-page';

export interface BlockApiLogFilters {
  MemberIDs?: string[];
  APIID?: number;
  Outcome?: (typeof BLOCK_API_LOG_OUTCOMES)[number];
}

/** Key prefix of the log's pages; the outbox channel's `invalidate` after each attempt refetches them. */
export const blockApiLogsQueryKey = [LIST_QUERY_KEYS.blockApiLogs, 'list'] as const;

/** One page of the block-API log for `DataTable` (`GET monitor/blacklist/logs`). */
export function fetchBlockApiLogsPage(filters: BlockApiLogFilters, request: PageRequest, signal: AbortSignal) {
  return fetchListPage(listBlockApiLogs, filters, request, signal);
}
