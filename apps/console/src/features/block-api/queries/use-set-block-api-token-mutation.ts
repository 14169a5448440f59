import { LIST_QUERY_KEYS, setBlockApiToken } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Sets or replaces the token sent to the block APIs (`PUT monitor/blacklist/token`). */
export function useSetBlockApiTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (Token: string) => callApi(setBlockApiToken, { body: { Token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LIST_QUERY_KEYS.blockApis] }),
  });
}
