import { getTelegramBot } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { telegramBotQueryKey } from './keys';

/** The Telegram bot: enabled or not, its token masked (`GET notification/telegram`). */
export function useTelegramBotQuery() {
  return useQuery({
    queryKey: telegramBotQueryKey,
    queryFn: async ({ signal }) => (await callApi(getTelegramBot, {}, { signal })).data,
  });
}
