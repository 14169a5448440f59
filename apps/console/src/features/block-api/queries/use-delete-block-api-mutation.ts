import { deleteBlockApi, LIST_QUERY_KEYS } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Deletes a block API; its queued calls are cancelled and logged. */
export function useDeleteBlockApiMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (APIID: number) => callApi(deleteBlockApi, { params: { APIID } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LIST_QUERY_KEYS.blockApis] }),
  });
}
