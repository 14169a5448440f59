import { getGameRtpAlert } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { gameRtpAlertsQueryKey } from './list-game-rtp-alerts';

/** One game alert with its evidence: the RTP series over the window, the band, the largest wins. */
export function useGetGameRtpAlertQuery(AlertID: number | undefined) {
  return useQuery({
    queryKey: [...gameRtpAlertsQueryKey, 'detail', AlertID],
    queryFn: async ({ signal }) =>
      (await callApi(getGameRtpAlert, { params: { AlertID: AlertID ?? 0 } }, { signal })).data,
    enabled: AlertID !== undefined,
  });
}
