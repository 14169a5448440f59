import { listGameRtpAlerts } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { gameRtpAlertsQueryKey } from './list-game-rtp-alerts';

/** The pending game alerts since `Start` (newest first, up to 200) and their count; refetched on `invalidate`. */
export function usePendingGameAlertsQuery(Start: string) {
  return useQuery({
    queryKey: [...gameRtpAlertsQueryKey, 'pending', Start],
    queryFn: async ({ signal }) => {
      const envelope = await callApi(
        listGameRtpAlerts,
        { query: { Start, Status: 0, page: 1, pageSize: 200, sort: 'HappenedAt Desc' } },
        { signal },
      );
      return { rows: envelope.data.recordset, total: envelope.cnt ?? envelope.data.recordset.length };
    },
  });
}
