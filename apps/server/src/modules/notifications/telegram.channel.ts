import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { OutboxItem } from '../outbox/outbox.repository';
import { type DeliveryOutcome, idempotencyKey, type OutboxChannel } from '../outbox/outbox.worker';
import { findBot } from './telegram.repository';

export const TELEGRAM_CHANNEL = 'telegram';
export const TELEGRAM_TIMEOUT_MS = 10_000;
/** Bot API limit of one message. */
export const TELEGRAM_MAX_TEXT = 4096;

export interface TelegramPayload {
  chatId: string;
  text: string;
}

/** Hides the token in anything that reaches the log (the Bot API puts it in the path). */
function hideToken(text: string, token: string): string {
  return token ? text.split(token).join('***') : text;
}

/**
 * One Bot API `sendMessage` call. `sent` on `{ok: true}`; 429 and 5xx, timeouts and refused connections
 * are worth retrying; other answers (unknown chat, bad token) are not.
 */
export async function sendTelegramMessage(
  apiUrl: string,
  token: string,
  message: TelegramPayload,
  options: { idempotencyKey?: string; timeoutMs?: number } = {},
): Promise<DeliveryOutcome> {
  const timeoutMs = options.timeoutMs ?? TELEGRAM_TIMEOUT_MS;
  try {
    const response = await fetch(`${apiUrl}/bot${token}/sendMessage`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
      body: JSON.stringify({
        chat_id: message.chatId,
        text: message.text.slice(0, TELEGRAM_MAX_TEXT),
        disable_web_page_preview: true,
      }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let answer: { ok?: boolean; description?: string } = {};
    try {
      answer = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): described by its status.
    }
    if (response.ok && answer.ok === true) return { kind: 'sent', detail: `HTTP ${response.status}` };
    const detail = hideToken(
      `HTTP ${response.status}${answer.description ? `: ${answer.description}` : text ? `: ${text.slice(0, 200)}` : ''}`,
      token,
    );
    const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
    return { kind: 'failed', detail, retryable };
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return { kind: 'failed', detail: `no answer within ${timeoutMs / 1000} s`, retryable: true };
    }
    const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
    const detail = cause?.code ? `could not connect (${cause.code})` : String((error as Error).message ?? error);
    return { kind: 'failed', detail: hideToken(detail, token), retryable: true };
  }
}

/**
 * The `telegram` outbox channel: the company's token is read at each attempt (a fixed token lets queued
 * messages through); without a token, or with the bot turned off, the message is kept `unsent`.
 */
export function createTelegramChannel(db: Database, config: Config): OutboxChannel<TelegramPayload> {
  return {
    name: TELEGRAM_CHANNEL,
    async deliver(item: OutboxItem<TelegramPayload>): Promise<DeliveryOutcome> {
      const bot = await findBot(db, item.cid);
      if (!bot?.token) return { kind: 'unsent', detail: 'No Telegram bot token is set' };
      if (!bot.enabled) return { kind: 'unsent', detail: 'The Telegram bot is turned off' };
      return sendTelegramMessage(config.telegramApiUrl, bot.token, item.payload, {
        idempotencyKey: idempotencyKey(item),
      });
    },
  };
}
