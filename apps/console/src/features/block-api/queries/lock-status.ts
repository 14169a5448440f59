import { getLockStatus, LIST_QUERY_KEYS, type LockStatus } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Under the block-API log's key: the server's `invalidate` of the log refreshes it as calls are made. */
export const lockStatusKey = [LIST_QUERY_KEYS.blockApiLogs, 'lock-status'] as const;

/** Whether blacklisting locks anyone, and where each member stands (`GET monitor/blacklist/lock-status`). */
export async function fetchLockStatus(memberIds: readonly string[], signal?: AbortSignal): Promise<LockStatus> {
  const query = memberIds.length > 0 ? { MemberIDs: memberIds.join(',') } : {};
  return (await callApi(getLockStatus, { query }, signal ? { signal } : undefined)).data;
}

export function useLockStatusQuery(memberIds: readonly string[], enabled = true) {
  return useQuery({
    queryKey: [...lockStatusKey, [...memberIds].sort()],
    queryFn: ({ signal }) => fetchLockStatus(memberIds, signal),
    enabled,
  });
}
