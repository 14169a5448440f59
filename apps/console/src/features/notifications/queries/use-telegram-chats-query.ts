import { listTelegramChats } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { telegramChatsQueryKey } from './keys';

/** The Telegram chats and their events and levels (`GET notification/telegram/chats`). */
export function useTelegramChatsQuery() {
  return useQuery({
    queryKey: telegramChatsQueryKey,
    queryFn: async ({ signal }) => (await callApi(listTelegramChats, {}, { signal })).data.recordset,
  });
}
