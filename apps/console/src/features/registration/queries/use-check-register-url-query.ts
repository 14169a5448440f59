import { checkRegisterUrl } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** What a registration link allows; the link's token goes in Authorization, never the session's. */
export function useCheckRegisterUrlQuery(token: string) {
  return useQuery({
    queryKey: ['registration', 'check', token],
    queryFn: async ({ signal }) => (await callApi(checkRegisterUrl, {}, { signal, token })).data,
  });
}
