import { deleteGameRtpSetting } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { gameRtpSettingsQueryKey } from './use-list-game-rtp-settings-query';

/** Deletes a game rule; the alerts it raised stay. */
export function useDeleteGameRtpSettingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (EventID: number) => callApi(deleteGameRtpSetting, { params: { EventID } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameRtpSettingsQueryKey }),
  });
}
