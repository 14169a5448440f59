import { createGameRtpSetting, type GameRtpRuleBody, updateGameRtpSetting } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { gameRtpSettingsQueryKey } from './use-list-game-rtp-settings-query';

/** Creates a game rule (no `EventID`) or replaces one (also how the list switches a rule on or off). */
export function useSaveGameRtpSettingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ EventID, body }: { EventID?: number; body: GameRtpRuleBody }) =>
      (EventID === undefined
        ? await callApi(createGameRtpSetting, { body })
        : await callApi(updateGameRtpSetting, { params: { EventID }, body })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: gameRtpSettingsQueryKey }),
  });
}
