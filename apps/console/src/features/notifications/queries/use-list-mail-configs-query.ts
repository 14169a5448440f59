import { listMailConfigs } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { mailConfigsQueryKey } from './keys';

/** Which event and level go to which addresses (`GET notification/mail/configs`). */
export function useListMailConfigsQuery() {
  return useQuery({
    queryKey: mailConfigsQueryKey,
    queryFn: async ({ signal }) => (await callApi(listMailConfigs, {}, { signal })).data.recordset,
  });
}
