import { listNotifyBlocks } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { blockSettingsQueryKey } from './keys';

/** Which event and level call which block APIs (`GET notification/notify/block-list`). */
export function useListBlockSettingsQuery() {
  return useQuery({
    queryKey: blockSettingsQueryKey,
    queryFn: async ({ signal }) => (await callApi(listNotifyBlocks, { query: {} }, { signal })).data.recordset,
  });
}
