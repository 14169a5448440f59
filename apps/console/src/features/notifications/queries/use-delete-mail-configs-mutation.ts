import { deleteMailConfigs, type Level, NOTIFICATION_QUERY_KEYS } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Deletes the mail configs of events at levels. */
export function useDeleteMailConfigsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (list: { EventID: number; Level: Level }[]) =>
      callApi(deleteMailConfigs, { body: { EventLevel_UDT: list } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [NOTIFICATION_QUERY_KEYS.mailConfigs] }),
  });
}
