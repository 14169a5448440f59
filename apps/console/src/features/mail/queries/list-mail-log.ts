import { listMailLog, type MailLogEntry, type MailStatus } from '@pitboss/contract';
import { callApi } from '../../../lib/api';
import { type DataPage, type PageRequest, pageFromEnvelope } from '../../../lib/list-page';

export const mailLogKey = ['mail', 'log'] as const;
export const listMailLogKey = (status: MailStatus | undefined) => [...mailLogKey, status ?? 'all'] as const;

/** One page of the company's outgoing mails, newest first, of one status or all. */
export function fetchMailLogPage(status: MailStatus | undefined) {
  return async (request: PageRequest, signal: AbortSignal): Promise<DataPage<MailLogEntry>> =>
    pageFromEnvelope(
      await callApi(
        listMailLog,
        { query: { page: request.page, pageSize: request.pageSize, Status: status } },
        { signal },
      ),
    );
}
