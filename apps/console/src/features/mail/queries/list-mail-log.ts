import { listMailLog, type MailStatus } from '@pitboss/contract';
import { fetchListPage } from '../../../lib/fetch-list-page';
import type { PageRequest } from '../../../lib/list-page';

export const mailLogKey = ['mail', 'log'] as const;

export interface MailLogFilters {
  Status?: MailStatus | undefined;
}

/** One page of the company's outgoing mails, newest first, of one status or all. */
export function fetchMailLogPage(filters: MailLogFilters, request: PageRequest, signal: AbortSignal) {
  return fetchListPage(listMailLog, filters, request, signal);
}
