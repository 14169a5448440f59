import { type ReconcileStatus, updateReconcileStatus } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { reconcileKey } from './list-customers';

/** Moves a reconciliation along its state machine with a memo; lists, detail and report refetch. */
export function useSetWorkflowStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: number; Status: ReconcileStatus; Memo: string }) =>
      callApi(updateReconcileStatus, { params: { id: change.id }, body: { Status: change.Status, Memo: change.Memo } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconcileKey }),
  });
}
