import type { Language, Level } from '@pitboss/contract';
import type { Sql } from '../../db/database';

export interface TelegramBotRow {
  token: string;
  enabled: boolean;
  updated_at: string;
}

export interface TelegramChatRow {
  id: number;
  chat_id: string;
  language: Language;
  event_ids: number[];
  levels: Level[];
  created_at: string;
}

export interface TelegramChatInput {
  chatId: string;
  language: Language;
  eventIds: number[];
  levels: number[];
}

export async function findBot(sql: Sql, cid: number): Promise<TelegramBotRow | undefined> {
  const { rows } = await sql.query<TelegramBotRow>(
    'SELECT token, enabled, updated_at FROM notice_telegram_bot WHERE cid = $1',
    [cid],
  );
  return rows[0];
}

/** Stores the bot; a null token keeps the stored one. */
export async function saveBot(sql: Sql, cid: number, token: string | null, enabled: boolean): Promise<void> {
  await sql.query(
    `INSERT INTO notice_telegram_bot (cid, token, enabled) VALUES ($1, COALESCE($2, ''), $3)
     ON CONFLICT (cid) DO UPDATE
       SET token = COALESCE($2, notice_telegram_bot.token), enabled = $3, updated_at = now()`,
    [cid, token, enabled],
  );
}

const CHAT_COLUMNS = 'id, chat_id, language, event_ids, levels, created_at';

export async function listChats(sql: Sql, cid: number): Promise<TelegramChatRow[]> {
  const { rows } = await sql.query<TelegramChatRow>(
    `SELECT ${CHAT_COLUMNS} FROM notice_telegram_chat WHERE cid = $1 ORDER BY id`,
    [cid],
  );
  return rows;
}

/** Answers the new chat, or undefined when the company has that ChatID already. */
export async function insertChat(sql: Sql, cid: number, chat: TelegramChatInput): Promise<TelegramChatRow | undefined> {
  const { rows } = await sql.query<TelegramChatRow>(
    `INSERT INTO notice_telegram_chat (cid, chat_id, language, event_ids, levels)
     VALUES ($1, $2, $3, $4::int[], $5::smallint[])
     ON CONFLICT (cid, chat_id) DO NOTHING
     RETURNING ${CHAT_COLUMNS}`,
    [cid, chat.chatId, chat.language, chat.eventIds, chat.levels],
  );
  return rows[0];
}

export async function chatIdTaken(sql: Sql, cid: number, chatId: string, exceptId: number): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM notice_telegram_chat WHERE cid = $1 AND chat_id = $2 AND id <> $3', [
    cid,
    chatId,
    exceptId,
  ]);
  return rows.length > 0;
}

export async function updateChat(
  sql: Sql,
  cid: number,
  id: number,
  chat: TelegramChatInput,
): Promise<TelegramChatRow | undefined> {
  const { rows } = await sql.query<TelegramChatRow>(
    `UPDATE notice_telegram_chat SET chat_id = $3, language = $4, event_ids = $5::int[], levels = $6::smallint[]
      WHERE cid = $1 AND id = $2
      RETURNING ${CHAT_COLUMNS}`,
    [cid, id, chat.chatId, chat.language, chat.eventIds, chat.levels],
  );
  return rows[0];
}

export async function deleteChat(sql: Sql, cid: number, id: number): Promise<boolean> {
  const { rowCount } = await sql.query('DELETE FROM notice_telegram_chat WHERE cid = $1 AND id = $2', [cid, id]);
  return (rowCount ?? 0) > 0;
}

/** The chats an alert of this event and level goes to, when the bot is enabled with a token. */
export async function telegramTargets(
  sql: Sql,
  cid: number,
  eventId: number,
  level: number,
): Promise<{ chat_id: string; language: Language }[]> {
  const { rows } = await sql.query<{ chat_id: string; language: Language }>(
    `SELECT c.chat_id, c.language
       FROM notice_telegram_chat c
       JOIN notice_telegram_bot b ON b.cid = c.cid AND b.enabled AND b.token <> ''
      WHERE c.cid = $1 AND $2 = ANY(c.event_ids) AND $3 = ANY(c.levels)
      ORDER BY c.id`,
    [cid, eventId, level],
  );
  return rows;
}

/** Every chat of an enabled bot with a token (what `telegramTargets` filters by event and level), in id order. */
export async function telegramChatsOfEnabledBot(
  sql: Sql,
  cid: number,
): Promise<{ chat_id: string; language: Language; event_ids: number[]; levels: number[] }[]> {
  const { rows } = await sql.query<{ chat_id: string; language: Language; event_ids: number[]; levels: number[] }>(
    `SELECT c.chat_id, c.language, c.event_ids, c.levels
       FROM notice_telegram_chat c
       JOIN notice_telegram_bot b ON b.cid = c.cid AND b.enabled AND b.token <> ''
      WHERE c.cid = $1
      ORDER BY c.id`,
    [cid],
  );
  return rows;
}
