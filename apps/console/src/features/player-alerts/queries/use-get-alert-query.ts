import { ALERT_QUERY_KEYS, getAlert } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const alertsQueryKey = [ALERT_QUERY_KEYS.alerts] as const;

/** One alert with its evidence and the member's recent activity. */
export function useGetAlertQuery(AlertID: number | undefined) {
  return useQuery({
    queryKey: [...alertsQueryKey, 'detail', AlertID],
    queryFn: async ({ signal }) => (await callApi(getAlert, { params: { AlertID: AlertID ?? 0 } }, { signal })).data,
    enabled: AlertID !== undefined,
  });
}
