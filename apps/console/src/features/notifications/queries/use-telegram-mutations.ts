import {
  addTelegramChat,
  deleteTelegramChat,
  type Language,
  type Level,
  NOTIFICATION_QUERY_KEYS,
  testTelegram,
  updateTelegramBot,
  updateTelegramChat,
} from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

function useInvalidateTelegram() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [NOTIFICATION_QUERY_KEYS.telegram] });
}

/** Sets the token (kept when empty) and turns the bot on or off. */
export function useSaveTelegramBotMutation() {
  const onSuccess = useInvalidateTelegram();
  return useMutation({
    mutationFn: ({ Token, Enabled }: { Token?: string | undefined; Enabled: boolean }) =>
      callApi(updateTelegramBot, { body: Token ? { Token, Enabled } : { Enabled } }),
    onSuccess,
  });
}

export interface TelegramChatForm {
  ChatID: string;
  Language: Language;
  EventIDs: number[];
  Levels: Level[];
}

/** Adds a chat, or changes the chat `id`. */
export function useSaveTelegramChatMutation() {
  const onSuccess = useInvalidateTelegram();
  return useMutation({
    mutationFn: ({ id, ...body }: TelegramChatForm & { id?: number | undefined }) =>
      id === undefined ? callApi(addTelegramChat, { body }) : callApi(updateTelegramChat, { params: { id }, body }),
    onSuccess,
  });
}

export function useDeleteTelegramChatMutation() {
  const onSuccess = useInvalidateTelegram();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteTelegramChat, { params: { id } }),
    onSuccess,
  });
}

/** Sends a test message to a chat now. */
export function useTestTelegramMutation() {
  return useMutation({
    mutationFn: (body: { ChatID: string; Language?: Language }) => callApi(testTelegram, { body }),
  });
}
