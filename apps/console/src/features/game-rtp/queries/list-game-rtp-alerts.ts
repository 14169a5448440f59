import { GAME_RTP_QUERY_KEYS, type GameRtpAlertRecord, listGameRtpAlerts } from '@pitboss/contract';
import { type DataPage, type PageRequest, pageFromEnvelope } from '../../../components/DataTable';
import { callApi } from '../../../lib/api';
import { type GameAlertFilters, gameFiltersToQuery } from '../alerts/game-alert-filters';

/** Root of every game-alert query: the server's `invalidate` after stored or processed game alerts names it. */
export const gameRtpAlertsQueryKey = [GAME_RTP_QUERY_KEYS.alerts] as const;

/** One page of game alerts under the filters. */
export async function fetchGameRtpAlertPage(
  filters: GameAlertFilters,
  request: PageRequest,
  signal: AbortSignal,
): Promise<DataPage<GameRtpAlertRecord>> {
  return pageFromEnvelope(
    await callApi(
      listGameRtpAlerts,
      {
        query: {
          ...gameFiltersToQuery(filters),
          page: request.page,
          pageSize: request.pageSize,
          sort: request.sort,
        },
      },
      { signal },
    ),
  );
}
