import { type Invitation, listInvitations } from '@pitboss/contract';
import { callApi } from '../../../lib/api';
import { type DataPage, type PageRequest, pageFromEnvelope } from '../../../lib/list-page';
import { usersKey } from './list-users';

export const listInvitationsKey = (kind: Invitation['Kind'] | undefined) =>
  [...usersKey, 'invitations', kind ?? 'all'] as const;

/** One page of pending invitations and registration links, of one kind or all. */
export function fetchInvitationsPage(kind: Invitation['Kind'] | undefined) {
  return async (request: PageRequest, signal: AbortSignal): Promise<DataPage<Invitation>> =>
    pageFromEnvelope(
      await callApi(
        listInvitations,
        { query: { page: request.page, pageSize: request.pageSize, Kind: kind } },
        { signal },
      ),
    );
}
