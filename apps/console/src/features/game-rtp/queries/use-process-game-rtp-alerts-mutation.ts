import { processGameRtpAlerts } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { gameRtpAlertsQueryKey } from './list-game-rtp-alerts';

/** Marks game alerts processed with a memo (pending → processed); lists and details refetch. */
export function useProcessGameRtpAlertsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { AlertIDs: number[]; Memo: string }) => callApi(processGameRtpAlerts, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gameRtpAlertsQueryKey }),
  });
}
