import { searchGameRtp } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Root of the game dashboard's figures, refetched when a game alert arrives. */
export const gameDashboardQueryKey = ['game-rtp-dashboard'] as const;

/** Every game with bets in Start–End (up to 1,000, by turnover) with its RTP figures (`check-tool/gameRTP-search`). */
export function useSearchGameRtpQuery(Start: string, End: string, refetchInterval?: number) {
  return useQuery({
    queryKey: [...gameDashboardQueryKey, 'games', Start, End],
    queryFn: async ({ signal }) =>
      (
        await callApi(
          searchGameRtp,
          { body: { Start, End, PageNumber: 1, PageSize: 1000, sort: 'Turnover Desc' } },
          { signal },
        )
      ).data,
    ...(refetchInterval ? { refetchInterval } : {}),
  });
}
