import { addReconcileAdjustment } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { reconcileKey } from './list-customers';

export interface AdjustmentInput {
  Adjust: 0 | 1;
  Amount: number;
  ReportMonth: 0 | 1;
  Memo: string;
}

/** Adds (0) or subtracts (1) an amount with a reason; lists, detail and report refetch. */
export function useAddAdjustmentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (add: { id: number; body: AdjustmentInput }) =>
      callApi(addReconcileAdjustment, { params: { id: add.id }, body: add.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconcileKey }),
  });
}
