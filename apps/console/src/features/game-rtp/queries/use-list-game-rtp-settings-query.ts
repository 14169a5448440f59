import { GAME_RTP_QUERY_KEYS, listGameRtpSettings } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Root of every game rule query: the server's `invalidate` for game rules names it. */
export const gameRtpSettingsQueryKey = [GAME_RTP_QUERY_KEYS.rules] as const;

/** The company's game RTP rules (a short list: no paging). */
export function useListGameRtpSettingsQuery() {
  return useQuery({
    queryKey: [...gameRtpSettingsQueryKey, 'list'],
    queryFn: async ({ signal }) => (await callApi(listGameRtpSettings, {}, { signal })).data.recordset,
  });
}
