import { NOTIFICATION_QUERY_KEYS, resendDelivery } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Queues a dead or unsent delivery again. */
export function useResendDeliveryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(resendDelivery, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [NOTIFICATION_QUERY_KEYS.deliveries] }),
  });
}
