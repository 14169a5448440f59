import { createLaunderingSetting, type LaunderingSettingBody, updateLaunderingSetting } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { launderingSettingsQueryKey } from './use-laundering-settings-query';

/** Creates an opposing-bet setting (no `EventID`) or replaces one (also how it is switched on or off). */
export function useSaveLaunderingSettingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ EventID, body }: { EventID?: number; body: LaunderingSettingBody }) =>
      (EventID === undefined
        ? await callApi(createLaunderingSetting, { body })
        : await callApi(updateLaunderingSetting, { params: { EventID }, body })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: launderingSettingsQueryKey }),
  });
}
