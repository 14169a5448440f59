import { listIngestKeys } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const ingestKeysKey = ['ingest-keys'] as const;

/** The working company's ingest keys, newest first, revoked ones included (`GET system/ingest-keys`). */
export function useListIngestKeysQuery() {
  return useQuery({
    queryKey: ingestKeysKey,
    queryFn: async ({ signal }) => (await callApi(listIngestKeys, {}, { signal })).data.recordset,
  });
}
