import { setAlertRuleEnabled } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { alertRulesQueryKey } from './use-list-alert-rules-query';

/** Turns a rule on or off. */
export function useSetAlertRuleEnabledMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ EventID, Enabled }: { EventID: number; Enabled: boolean }) =>
      callApi(setAlertRuleEnabled, { params: { EventID }, body: { Enabled } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertRulesQueryKey }),
  });
}
