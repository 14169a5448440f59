import { openReconcileWorkflow } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { reconcileKey } from './list-customers';

/** Opens a customer's month (the server computes it); resolves to the new reconciliation's id. */
export function useOpenWorkflowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { CustomerID: number; Month: string }) =>
      (await callApi(openReconcileWorkflow, { body })).ID,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconcileKey }),
  });
}
