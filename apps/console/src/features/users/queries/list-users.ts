import { listUsers, type Tag } from '@pitboss/contract';
import { fetchListPage } from '../../../lib/fetch-list-page';
import type { PageRequest } from '../../../lib/list-page';

/** Every query of user management starts with this key; user changes invalidate it. */
export const usersKey = ['users'] as const;

/** The user list's filters, named as `GET system/user` takes them. */
export interface UserFilters {
  /** Part of the account or name. */
  Account?: string | undefined;
  GroupID?: number | undefined;
  Tags?: Tag | undefined;
}

export const listUsersKey = [...usersKey, 'list'] as const;

/** One page of the working company's users, filtered by account or name, group and role. */
export function fetchUsersPage(filters: UserFilters, request: PageRequest, signal: AbortSignal) {
  return fetchListPage(listUsers, filters, request, signal);
}
