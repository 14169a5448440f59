import {
  type AlertEventDefinition,
  NOTIFICATION_QUERY_KEYS,
  TELEGRAM_NOT_CONFIGURED,
  TELEGRAM_SEND_FAILED,
  type TelegramBot,
  type TelegramChat,
  type TelegramChatBody,
  type TelegramTestBody,
  toListEnvelope,
  type UpdateTelegramBotBody,
} from '@pitboss/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database, Sql } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Live } from '../../plugins/live';
import type { AlertingService } from '../alerting/alerting.service';
import { sendTelegramMessage } from './telegram.channel';
import * as repo from './telegram.repository';

/** `123456789:AAH…wxyz` → `123456789:••••wxyz`: enough to recognise, not to use. */
export function maskToken(token: string): string {
  if (!token) return '';
  const [id] = token.split(':');
  return `${id}:••••${token.slice(-4)}`;
}

const TEST_TEXT = {
  en: (product: string, company: string) => `${product}: test message for ${company}. Alerts will arrive here.`,
  zh: (product: string, company: string) => `${product}：${company} 的測試訊息。警示將傳送到此處。`,
  'zh-CN': (product: string, company: string) => `${product}：${company} 的测试消息。告警将发送到此处。`,
};

/** The Telegram bot and chats of the working company (issue 23 item 3). */
export class TelegramService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly alerting: AlertingService,
    private readonly live: Live,
  ) {}

  async bot(auth: AuthContext): Promise<{ status: number; data: TelegramBot }> {
    return { status: 0, data: this.botView(await repo.findBot(this.db, auth.cid)) };
  }

  async saveBot(
    auth: AuthContext,
    body: z.output<typeof UpdateTelegramBotBody>,
  ): Promise<{ status: number; data: TelegramBot }> {
    const row = await this.db.tx(async (sql) => {
      const current = await repo.findBot(sql, auth.cid);
      if (body.Enabled && !body.Token && !current?.token) throw badRequest('Token', 'is needed to enable the bot');
      await repo.saveBot(sql, auth.cid, body.Token ?? null, body.Enabled);
      return repo.findBot(sql, auth.cid);
    });
    this.changed(auth.cid);
    return { status: 0, data: this.botView(row) };
  }

  async chats(auth: AuthContext) {
    const [rows, events] = await Promise.all([repo.listChats(this.db, auth.cid), this.eventMap(this.db, auth.cid)]);
    const data = rows.map((r) => chatView(r, events));
    return toListEnvelope(data, data.length);
  }

  async addChat(
    auth: AuthContext,
    body: z.output<typeof TelegramChatBody>,
  ): Promise<{ status: number; data: TelegramChat }> {
    const data = await this.db.tx(async (sql) => {
      const events = await this.knownEvents(sql, auth.cid, body.EventIDs);
      const row = await repo.insertChat(sql, auth.cid, input(body));
      if (!row) throw badRequest('ChatID', 'is already set up');
      return chatView(row, events);
    });
    this.changed(auth.cid);
    return { status: 0, data };
  }

  async updateChat(
    auth: AuthContext,
    id: number,
    body: z.output<typeof TelegramChatBody>,
  ): Promise<{ status: number; data: TelegramChat }> {
    const data = await this.db.tx(async (sql) => {
      const events = await this.knownEvents(sql, auth.cid, body.EventIDs);
      if (await repo.chatIdTaken(sql, auth.cid, body.ChatID, id)) throw badRequest('ChatID', 'is already set up');
      const row = await repo.updateChat(sql, auth.cid, id, input(body));
      if (!row) throw notFound('Telegram chat');
      return chatView(row, events);
    });
    this.changed(auth.cid);
    return { status: 0, data };
  }

  async deleteChat(auth: AuthContext, id: number) {
    if (!(await repo.deleteChat(this.db, auth.cid, id))) throw notFound('Telegram chat');
    this.changed(auth.cid);
    return { status: 0, message: 'Deleted' };
  }

  /** Sends a test message now; the Bot API's refusal is answered as 502 with its description. */
  async test(auth: AuthContext, body: z.output<typeof TelegramTestBody>) {
    const bot = await repo.findBot(this.db, auth.cid);
    if (!bot?.token) throw new AppError(409, TELEGRAM_NOT_CONFIGURED, 'Set the bot token first');
    const { rows } = await this.db.query<{ name: string }>('SELECT name FROM company WHERE cid = $1', [auth.cid]);
    const language = body.Language ?? 'zh';
    const text = TEST_TEXT[language](this.config.title, rows[0]?.name ?? '');
    const outcome = await sendTelegramMessage(this.config.telegramApiUrl, bot.token, { chatId: body.ChatID, text });
    if (outcome.kind !== 'sent') throw new AppError(502, TELEGRAM_SEND_FAILED, `Telegram refused: ${outcome.detail}`);
    return { status: 0, message: 'Test message sent' };
  }

  private botView(row: repo.TelegramBotRow | undefined): TelegramBot {
    return {
      Enabled: row?.enabled ?? false,
      HasToken: Boolean(row?.token),
      Token: maskToken(row?.token ?? ''),
      UpdateDate: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
    };
  }

  private async eventMap(sql: Sql, cid: number): Promise<Map<number, AlertEventDefinition>> {
    return new Map((await this.alerting.listEvents(cid, sql)).map((e) => [e.EventID, e]));
  }

  private async knownEvents(sql: Sql, cid: number, eventIds: number[]) {
    const events = await this.eventMap(sql, cid);
    const unknown = eventIds.filter((id) => !events.has(id));
    if (unknown.length > 0) throw badRequest('EventIDs', `unknown EventID ${unknown.join(', ')}`);
    return events;
  }

  private changed(cid: number): void {
    this.live.publish(cid, { type: 'invalidate', keys: [NOTIFICATION_QUERY_KEYS.telegram], cid });
  }
}

function input(body: z.output<typeof TelegramChatBody>): repo.TelegramChatInput {
  return {
    chatId: body.ChatID,
    language: body.Language,
    eventIds: [...new Set(body.EventIDs)],
    levels: [...new Set(body.Levels)].sort(),
  };
}

function chatView(row: repo.TelegramChatRow, events: Map<number, AlertEventDefinition>): TelegramChat {
  return {
    ID: row.id,
    ChatID: row.chat_id,
    Language: row.language,
    EventIDs: row.event_ids,
    EventNames: row.event_ids.map((id) => events.get(id)?.EventName ?? `#${id}`),
    Levels: row.levels.map(Number) as TelegramChat['Levels'],
    CreateDate: new Date(row.created_at).toISOString(),
  };
}
