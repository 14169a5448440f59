import { deleteLaunderingSetting } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { launderingSettingsQueryKey } from './use-laundering-settings-query';

/** Deletes an opposing-bet setting; the alerts it raised stay. */
export function useDeleteLaunderingSettingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (EventID: number) => callApi(deleteLaunderingSetting, { params: { EventID } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: launderingSettingsQueryKey }),
  });
}
