import { LIST_QUERY_KEYS, removeWhitelistIps } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Removes addresses or ranges, exactly as listed (`DELETE monitor/whitelist/ip`). */
export function useRemoveWhitelistIpsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ips: string[]) => callApi(removeWhitelistIps, { body: { IP_UDT: ips.map((IP) => ({ IP })) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LIST_QUERY_KEYS.whitelistIp] }),
  });
}
