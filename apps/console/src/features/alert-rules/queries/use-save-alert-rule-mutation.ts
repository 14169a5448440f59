import { type AlertRuleBody, createAlertRule, updateAlertRule } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { alertRulesQueryKey } from './use-list-alert-rules-query';

/** Creates a rule (no `EventID`) or replaces one. */
export function useSaveAlertRuleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ EventID, body }: { EventID?: number; body: AlertRuleBody }) =>
      (EventID === undefined
        ? await callApi(createAlertRule, { body })
        : await callApi(updateAlertRule, { params: { EventID }, body })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertRulesQueryKey }),
  });
}
