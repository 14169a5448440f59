import { GAME_RTP_QUERY_KEYS, listMonitorGameTypes } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The company's game types with their game counts (`check-tool/MonitorGameType`), for every type picker. */
export function useListMonitorGameTypesQuery() {
  return useQuery({
    queryKey: [GAME_RTP_QUERY_KEYS.games, 'types'],
    queryFn: async ({ signal }) => (await callApi(listMonitorGameTypes, {}, { signal })).data.recordset,
  });
}
