import { type Invitation, listInvitations } from '@pitboss/contract';
import { fetchListPage } from '../../../lib/fetch-list-page';
import type { PageRequest } from '../../../lib/list-page';
import { usersKey } from './list-users';

export const listInvitationsKey = (kind: Invitation['Kind'] | undefined) =>
  [...usersKey, 'invitations', kind ?? 'all'] as const;

/** One page of pending invitations and registration links, of one kind or all. */
export function fetchInvitationsPage(kind: Invitation['Kind'] | undefined, request: PageRequest, signal: AbortSignal) {
  return fetchListPage(listInvitations, { Kind: kind }, request, signal);
}
