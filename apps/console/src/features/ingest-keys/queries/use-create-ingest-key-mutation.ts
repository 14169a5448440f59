import { createIngestKey } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { ingestKeysKey } from './use-list-ingest-keys-query';

/** Creates an ingest key; the answer's `Key` is the only time the key itself is shown. */
export function useCreateIngestKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (Name: string) => (await callApi(createIngestKey, { body: { Name } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ingestKeysKey }),
  });
}
