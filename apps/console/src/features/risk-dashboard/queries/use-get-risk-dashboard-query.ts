import { ALERT_QUERY_KEYS, getRiskDashboard } from '@pitboss/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { type Period, periodKey, periodToStartEnd } from '../../player-alerts/period';

export const riskDashboardQueryKey = [ALERT_QUERY_KEYS.dashboard, 'risk'] as const;

/** The risk dashboard of a period; a rolling period's start is taken at each fetch (its end is "now"). */
export function useGetRiskDashboardQuery(period: Period) {
  return useQuery({
    queryKey: [...riskDashboardQueryKey, periodKey(period)],
    queryFn: async ({ signal }) =>
      (await callApi(getRiskDashboard, { query: periodToStartEnd(period) }, { signal })).data,
    placeholderData: keepPreviousData,
  });
}
