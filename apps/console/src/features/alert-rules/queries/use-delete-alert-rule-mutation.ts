import { deleteAlertRule } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { alertRulesQueryKey } from './use-list-alert-rules-query';

/** Deletes a rule; the alerts it raised stay. */
export function useDeleteAlertRuleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (EventID: number) => callApi(deleteAlertRule, { params: { EventID } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertRulesQueryKey }),
  });
}
