import { revokeIngestKey } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { ingestKeysKey } from './use-list-ingest-keys-query';

/** Revokes an ingest key: ingest calls with it answer 401 from now on. */
export function useRevokeIngestKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (KeyID: number) => callApi(revokeIngestKey, { params: { KeyID } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ingestKeysKey }),
  });
}
