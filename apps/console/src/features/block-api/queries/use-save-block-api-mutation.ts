import { addBlockApi, LIST_QUERY_KEYS, updateBlockApi } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export interface BlockApiChange {
  Name?: string;
  Url?: string;
  IsLock?: boolean;
}

/** Adds a block API (no `APIID`) or changes one: `POST` or `PUT monitor/blacklist/api[/{APIID}]`. */
export function useSaveBlockApiMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ APIID, ...change }: BlockApiChange & { APIID?: number }) =>
      APIID === undefined
        ? callApi(addBlockApi, { body: { Name: change.Name ?? '', Url: change.Url ?? '', IsLock: change.IsLock } })
        : callApi(updateBlockApi, { params: { APIID }, body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LIST_QUERY_KEYS.blockApis] }),
  });
}
