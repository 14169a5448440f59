import { getLaunderingAlert, LAUNDERING_QUERY_KEYS } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** One opposing-bet alert with its evidence (matched rounds, money moved, shared IPs and devices, bonus). */
export function useLaunderingAlertQuery(AlertID: number | undefined) {
  return useQuery({
    queryKey: [LAUNDERING_QUERY_KEYS.alerts, 'detail', AlertID],
    queryFn: async ({ signal }) =>
      (await callApi(getLaunderingAlert, { params: { AlertID: AlertID ?? 0 } }, { signal })).data,
    enabled: AlertID !== undefined,
  });
}
