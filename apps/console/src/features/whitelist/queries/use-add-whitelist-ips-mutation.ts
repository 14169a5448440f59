import { addWhitelistIps, LIST_QUERY_KEYS } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Adds addresses or ranges to the IP whitelist (`POST monitor/whitelist/ip`). */
export function useAddWhitelistIpsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entries: { IP: string; Memo: string }[]) =>
      callApi(addWhitelistIps, { body: { WhiteIP_UDT: entries } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LIST_QUERY_KEYS.whitelistIp] }),
  });
}
