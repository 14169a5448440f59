import { addNotifyBlocks, type Level, NOTIFICATION_QUERY_KEYS, updateNotifyBlocks } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export interface SaveBlockSettings {
  EventIDs: number[];
  Levels: Level[];
  APIs: number[];
  /** Replace the APIs of these events and levels (PUT) instead of adding to them (POST). */
  replace: boolean;
}

/** Adds block APIs to events and levels, or replaces them. */
export function useSaveBlockSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ EventIDs, Levels, APIs, replace }: SaveBlockSettings) =>
      replace
        ? callApi(updateNotifyBlocks, { params: { EventIDs: EventIDs.join(',') }, body: { Levels, APIs } })
        : callApi(addNotifyBlocks, { body: { EventIDs, Levels, APIs } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [NOTIFICATION_QUERY_KEYS.blockSettings] }),
  });
}
