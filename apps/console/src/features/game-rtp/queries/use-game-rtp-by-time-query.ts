import { searchGameRtpByTime } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { gameDashboardQueryKey } from './use-search-game-rtp-query';

/** One game's RTP figures by day or hour over Start–End (`check-tool/gameRTP-search/by-time`), oldest first. */
export function useGameRtpByTimeQuery(
  GameID: string | undefined,
  Start: string,
  End: string,
  Bucket: 'hour' | 'day',
  refetchInterval?: number,
) {
  return useQuery({
    queryKey: [...gameDashboardQueryKey, 'by-time', GameID, Start, End, Bucket],
    queryFn: async ({ signal }) =>
      (
        await callApi(
          searchGameRtpByTime,
          { body: { Start, End, GameID: GameID ?? '', Bucket, PageNumber: 1, PageSize: 1000, sort: 'Time Asc' } },
          { signal },
        )
      ).data.recordset,
    enabled: GameID !== undefined,
    ...(refetchInterval ? { refetchInterval } : {}),
  });
}
