import { addMailConfigs, type Level, NOTIFICATION_QUERY_KEYS, updateMailConfigs } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export interface SaveMailConfigs {
  EventIDs: number[];
  Levels: Level[];
  Mails: string[];
  /** Replace the addresses of these events and levels (PUT) instead of adding to them (POST). */
  replace: boolean;
}

/** Adds addresses to events and levels, or replaces them. */
export function useSaveMailConfigsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ EventIDs, Levels, Mails, replace }: SaveMailConfigs) =>
      replace
        ? callApi(updateMailConfigs, { params: { eventIds: EventIDs.join(',') }, body: { Levels, Mails } })
        : callApi(addMailConfigs, { body: { EventIDs, Levels, Mails } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [NOTIFICATION_QUERY_KEYS.mailConfigs] }),
  });
}
