import { ALERT_QUERY_KEYS, processAlerts } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Marks alerts processed with a memo (pending → processed); the lists, details and dashboard refetch. */
export function useProcessAlertsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { AlertIDs: number[]; Memo: string }) => callApi(processAlerts, { body }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [ALERT_QUERY_KEYS.alerts] }),
        queryClient.invalidateQueries({ queryKey: [ALERT_QUERY_KEYS.dashboard] }),
      ]);
    },
  });
}
