import {
  type CreateReconcileCustomerBody,
  createReconcileCustomer,
  type UpdateReconcileCustomerBody,
  updateReconcileCustomer,
} from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { reconcileKey } from './list-customers';

/** Adds a customer (`id` undefined) or changes one. */
export function useSaveCustomerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { id?: number | undefined; body: CreateReconcileCustomerBody }) =>
      save.id === undefined
        ? callApi(createReconcileCustomer, { body: save.body })
        : callApi(updateReconcileCustomer, { params: { id: save.id }, body: save.body as UpdateReconcileCustomerBody }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconcileKey }),
  });
}
