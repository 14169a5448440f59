import { GAME_RTP_QUERY_KEYS, listMonitorGames } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The games of the given types (`check-tool/MonitorGame`; none or `*` = every type), for every game picker. */
export function useListMonitorGamesQuery(gameTypes?: readonly string[]) {
  const GameTypes = gameTypes && gameTypes.length > 0 ? gameTypes.join(',') : '*';
  return useQuery({
    queryKey: [GAME_RTP_QUERY_KEYS.games, 'games', GameTypes],
    queryFn: async ({ signal }) =>
      (await callApi(listMonitorGames, { query: { GameTypes } }, { signal })).data.recordset,
  });
}
