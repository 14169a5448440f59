import { LAUNDERING_QUERY_KEYS, processLaunderingAlerts } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Marks opposing-bet alerts processed with a memo, then refreshes the lists. */
export function useProcessLaunderingAlertsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { AlertIDs: number[]; Memo: string }) => callApi(processLaunderingAlerts, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [LAUNDERING_QUERY_KEYS.alerts] }),
  });
}
