import { listUsers, type Tag, type User } from '@pitboss/contract';
import { callApi } from '../../../lib/api';
import { type DataPage, type PageRequest, pageFromEnvelope } from '../../../lib/list-page';

/** Every query of user management starts with this key; user changes invalidate it. */
export const usersKey = ['users'] as const;

export interface UserFilter {
  /** Part of the account or name. */
  search: string;
  groupId?: number | undefined;
  tags?: Tag | undefined;
}

export const listUsersKey = (filter: UserFilter) => [...usersKey, 'list', filter] as const;

/** One page of the working company's users, filtered by account or name, group and role. */
export function fetchUsersPage(filter: UserFilter) {
  return async (request: PageRequest, signal: AbortSignal): Promise<DataPage<User>> =>
    pageFromEnvelope(
      await callApi(
        listUsers,
        {
          query: {
            page: request.page,
            pageSize: request.pageSize,
            Account: filter.search || undefined,
            GroupID: filter.groupId,
            Tags: filter.tags,
          },
        },
        { signal },
      ),
    );
}
