import type { Delivery, TelegramChat } from '@pitboss/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertAlerts, makeAlert } from '../../testing/alerts';
import { HttpStub } from '../../testing/http-stub';
import { drainOutbox } from '../../testing/session';
import { describeEachDatabase } from '../../testing/test-app';
import { tokenFor } from '../../testing/users';

const TG = '/api/v2/notification/telegram';
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1';
const PUBLIC_URL = 'https://risk.example.com';

describeEachDatabase(
  'telegram notifications',
  (t) => {
    let stub: HttpStub;
    let admin: string;
    let editor: string;
    let viewer: string;
    let mailUser: string;

    const chats = async (): Promise<TelegramChat[]> =>
      (await t.call({ method: 'GET', url: `${TG}/chats`, token: admin })).json().data.recordset;
    const sendMessages = () => stub.requests.filter((r) => r.url === `/bot${TOKEN}/sendMessage`);

    beforeAll(async () => {
      stub = await HttpStub.start();
      t.app.config.telegramApiUrl = stub.url;
      admin = await t.login();
      editor = await tokenFor(t, 'tg-editor', 'editor');
      viewer = await tokenFor(t, 'tg-viewer', 'viewer');
      mailUser = await tokenFor(t, 'tg-mail', 'viewer');
      await t.db.query(
        `UPDATE company_user SET role = 'mail' WHERE aid = (SELECT aid FROM app_user WHERE account = 'tg-mail')`,
      );
    });
    afterAll(async () => {
      await stub.close();
    });

    it('is for admin and editor: viewer and Mail get 403', async () => {
      for (const token of [viewer, mailUser]) {
        for (const [method, url, payload] of [
          ['GET', TG, undefined],
          ['PUT', TG, { Token: TOKEN, Enabled: true }],
          ['GET', `${TG}/chats`, undefined],
          ['POST', `${TG}/chats`, { ChatID: '42', Language: 'en', EventIDs: [1], Levels: [1] }],
          ['POST', `${TG}/test`, { ChatID: '42' }],
        ] as const) {
          expect((await t.call({ method, url, token, payload })).statusCode, `${method} ${url}`).toBe(403);
        }
      }
      const bot = await t.call({ method: 'GET', url: TG, token: editor });
      expect(bot.statusCode).toBe(200);
      expect(bot.json().data).toEqual({ Enabled: false, HasToken: false, Token: '', UpdateDate: null });
    });

    it('refuses bad input with a 400 naming the field, changing nothing', async () => {
      for (const [payload, field] of [
        [{ Token: 'not-a-token', Enabled: true }, 'Token'],
        [{ Token: '12345:short', Enabled: false }, 'Token'],
        [{ Enabled: true }, 'Token'],
      ] as const) {
        const res = await t.call({ method: 'PUT', url: TG, token: admin, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().errors[0].field).toBe(field);
      }
      expect((await t.call({ method: 'GET', url: TG, token: admin })).json().data.HasToken).toBe(false);
      for (const [payload, field] of [
        [{ ChatID: 'chat one', Language: 'en', EventIDs: [1], Levels: [1] }, 'ChatID'],
        [{ ChatID: '42', Language: 'fr', EventIDs: [1], Levels: [1] }, 'Language'],
        [{ ChatID: '42', Language: 'en', EventIDs: [99999], Levels: [1] }, 'EventIDs'],
        [{ ChatID: '42', Language: 'en', EventIDs: [1], Levels: [4] }, 'Levels[0]'],
        [{ ChatID: '42', Language: 'en', EventIDs: [1], Levels: [] }, 'Levels'],
      ] as const) {
        const res = await t.call({ method: 'POST', url: `${TG}/chats`, token: admin, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      }
      expect(await chats()).toEqual([]);
    });

    it('stores the token and shows it masked afterwards; omitting it keeps it', async () => {
      const put = await t.call({ method: 'PUT', url: TG, token: editor, payload: { Token: TOKEN, Enabled: true } });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().data).toMatchObject({ Enabled: true, HasToken: true, Token: '123456789:••••saw1' });
      expect(put.body).not.toContain(TOKEN);
      const off = await t.call({ method: 'PUT', url: TG, token: editor, payload: { Enabled: false } });
      expect(off.json().data).toMatchObject({ Enabled: false, HasToken: true });
      const get = await t.call({ method: 'GET', url: TG, token: admin });
      expect(get.body).not.toContain(TOKEN);
      await t.call({ method: 'PUT', url: TG, token: editor, payload: { Enabled: true } });
    });

    it('adds, changes and deletes chats', async () => {
      const add = await t.call({
        method: 'POST',
        url: `${TG}/chats`,
        token: editor,
        payload: { ChatID: '-1001234567890', Language: 'en', EventIDs: [1, 2], Levels: [2, 1] },
      });
      expect(add.statusCode, add.body).toBe(200);
      expect(add.json().data).toMatchObject({
        ChatID: '-1001234567890',
        Language: 'en',
        EventIDs: [1, 2],
        EventNames: ['High ratio', 'High win streak'],
        Levels: [1, 2],
      });
      const id = add.json().data.ID as number;
      const twice = await t.call({
        method: 'POST',
        url: `${TG}/chats`,
        token: editor,
        payload: { ChatID: '-1001234567890', Language: 'zh', EventIDs: [1], Levels: [1] },
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().errors[0].field).toBe('ChatID');
      const put = await t.call({
        method: 'PUT',
        url: `${TG}/chats/${id}`,
        token: editor,
        payload: { ChatID: '-1001234567890', Language: 'zh-CN', EventIDs: [1], Levels: [1] },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(await chats()).toEqual([expect.objectContaining({ ID: id, Language: 'zh-CN', EventIDs: [1] })]);
      const other = await t.call({
        method: 'POST',
        url: `${TG}/chats`,
        token: editor,
        payload: { ChatID: '@pitboss_alerts', Language: 'en', EventIDs: [3], Levels: [3] },
      });
      expect(other.statusCode, other.body).toBe(200);
      const del = await t.call({ method: 'DELETE', url: `${TG}/chats/${other.json().data.ID}`, token: editor });
      expect(del.statusCode).toBe(200);
      expect((await t.call({ method: 'DELETE', url: `${TG}/chats/999999`, token: editor })).statusCode).toBe(404);
      expect(await chats()).toHaveLength(1);
    });

    it('sends a test message through the Bot API and reports its refusal', async () => {
      const ok = await t.call({
        method: 'POST',
        url: `${TG}/test`,
        token: editor,
        payload: { ChatID: '42', Language: 'en' },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const [call] = sendMessages();
      expect(call?.method).toBe('POST');
      expect(JSON.parse(call?.body ?? '{}')).toMatchObject({
        chat_id: '42',
        text: expect.stringContaining('test message'),
      });
      stub.reply = () => ({
        status: 400,
        body: '{"ok":false,"error_code":400,"description":"Bad Request: chat not found"}',
      });
      try {
        const bad = await t.call({ method: 'POST', url: `${TG}/test`, token: editor, payload: { ChatID: '43' } });
        expect(bad.statusCode).toBe(502);
        expect(bad.json().messageCode).toBe('TELEGRAM_SEND_FAILED');
        expect(bad.json().message).toContain('chat not found');
        expect(bad.body).not.toContain(TOKEN);
      } finally {
        stub.reply = () => ({ status: 200, body: '{"ok":true,"result":{}}' });
      }
    });

    it("sends an alert of a chosen event and level to the chat in the chat's language, logged as TG", async () => {
      stub.requests.length = 0;
      // Level 2 of event 1 is not chosen any more: only the level 1 alert is sent.
      await insertAlerts(t, 1, [makeAlert({ level: 2, subject: { kind: 'member', id: 'm-tg-0' } })]);
      const [alert] = await insertAlerts(t, 1, [
        makeAlert({ subject: { kind: 'member', id: 'm-tg-1' }, value: 3.25, threshold: 1.5 }),
      ]);
      await drainOutbox(t);
      await drainOutbox(t);
      const calls = sendMessages();
      expect(calls).toHaveLength(1);
      const body = JSON.parse(calls[0]?.body ?? '{}');
      expect(body.chat_id).toBe('-1001234567890');
      expect(body.text).toContain('等级 1');
      expect(body.text).toContain('会员 m-tg-1');
      expect(body.text).toContain('测量值: 3.25 (阈值 1.5)');
      expect(body.text).toContain(`${PUBLIC_URL}/monitor/alert-events?alert=${alert?.AlertID}`);
      expect(calls[0]?.headers['idempotency-key']).toMatch(/^pitboss-1-\d+$/);
      const log: Delivery[] = (
        await t.call({ method: 'GET', url: '/api/v2/notification/deliveries?Channels=TG', token: admin })
      ).json().data.recordset;
      expect(log).toEqual([
        expect.objectContaining({
          Channel: 'TG',
          Target: '-1001234567890',
          AlertID: alert?.AlertID,
          Status: 'sent',
          Attempts: 1,
        }),
      ]);
    });

    it('retries a failing Bot API with the same Idempotency-Key', async () => {
      stub.requests.length = 0;
      stub.reply = (_r, n) => (n === 1 ? { status: 502, body: 'bad gateway' } : { status: 200, body: '{"ok":true}' });
      try {
        await insertAlerts(t, 1, [makeAlert({ subject: { kind: 'member', id: 'm-tg-2' } })]);
        await drainOutbox(t);
        await drainOutbox(t);
        const failed: Delivery[] = (
          await t.call({
            method: 'GET',
            url: '/api/v2/notification/deliveries?Channels=TG&Status=failed',
            token: admin,
          })
        ).json().data.recordset;
        expect(failed).toHaveLength(1);
        expect(failed[0]?.Reason).toContain('HTTP 502');
        await t.db.query(`UPDATE outbox SET next_attempt_at = now() WHERE channel = 'telegram' AND status = 'pending'`);
        await drainOutbox(t);
        expect(sendMessages()).toHaveLength(2);
        expect(sendMessages()[0]?.headers['idempotency-key']).toBe(sendMessages()[1]?.headers['idempotency-key']);
      } finally {
        stub.reply = () => ({ status: 200, body: '{"ok":true}' });
      }
    });
  },
  { PITBOSS_PUBLIC_URL: PUBLIC_URL },
);
