import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { prepareChildDatabase } from '../../testing/child-database';
import { type ChildServer, startChildServer } from '../../testing/child-server';
import { HttpStub } from '../../testing/http-stub';
import { DATABASE_KINDS } from '../../testing/test-app';
import { enqueue } from '../outbox/outbox.repository';
import * as repo from './notifications.repository';
import { TELEGRAM_CHANNEL, type TelegramPayload } from './telegram.channel';
import { saveBot } from './telegram.repository';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1';
const QUEUED = 60;
/** Requests answered before the stand-in starts hanging: the kill hits deliveries in flight. */
const ANSWERED_BEFORE_KILL = 15;

async function withDb<T>(open: () => Promise<Database>, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await open();
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

async function until(what: string, check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(DATABASE_KINDS)('notification delivery across kill -9 [%s]', (kind) => {
  it(`delivers every one of ${QUEUED} queued notifications after the server is killed mid-delivery`, async () => {
    const database = await prepareChildDatabase(kind, 'notify_crash');
    const stub = await HttpStub.start();
    const consoleDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-notify-crash-console-'));
    writeFileSync(path.join(consoleDir, 'version.json'), JSON.stringify({ version: 'crash' }));
    const env: Record<string, string> = {
      ...database.env,
      PITBOSS_CONSOLE_DIR: consoleDir,
      TELEGRAM_API_URL: stub.url,
    };
    let server: ChildServer | undefined;
    /** Idempotency-Keys the stand-in accepted (answered ok). */
    const accepted = new Set<string>();
    let hang = false;
    stub.reply = (request, n) => {
      if (hang || n > ANSWERED_BEFORE_KILL) {
        hang = true;
        return 'hang';
      }
      accepted.add(String(request.headers['idempotency-key']));
      return { status: 200, body: '{"ok":true}' };
    };
    try {
      const ids = await withDb(database.open, (db) =>
        db.tx(async (sql) => {
          await saveBot(sql, 1, TOKEN, true);
          const out: number[] = [];
          for (let i = 0; i < QUEUED; i++) {
            const payload: TelegramPayload = { chatId: '42', text: `notification ${i}` };
            const [id] = await enqueue(sql, [{ cid: 1, channel: TELEGRAM_CHANNEL, payload, dedupeKey: `crash:${i}` }]);
            await repo.insertDelivery(sql, { cid: 1, outboxId: id as number, channel: 'TG', target: '42' });
            out.push(id as number);
          }
          return out;
        }),
      );

      server = await startChildServer(env);
      // Deliveries are in flight (the stand-in holds them) when the process dies.
      await until('deliveries in flight', () => stub.requests.length > ANSWERED_BEFORE_KILL);
      await server.kill('SIGKILL');
      const before = await withDb(database.open, async (db) => {
        const { rows } = await db.query<{ status: string; n: number }>(
          `SELECT status, count(*)::int AS n FROM outbox WHERE channel = 'telegram' GROUP BY status`,
        );
        // The leases of the items the dead process held run out (120 s); simulate that time passing.
        await db.query(`UPDATE outbox SET locked_until = now() - interval '1 second' WHERE status = 'sending'`);
        return Object.fromEntries(rows.map((r) => [r.status, r.n]));
      });
      expect(before.sending ?? 0).toBeGreaterThan(0);
      expect(before.sent ?? 0).toBeLessThan(QUEUED);

      hang = false;
      stub.reply = (request) => {
        accepted.add(String(request.headers['idempotency-key']));
        return { status: 200, body: '{"ok":true}' };
      };
      server = await startChildServer(env);
      await until('every notification delivered', () => accepted.size >= QUEUED);
      // Every queued notification reached the far side, each recognisable by its stable key.
      expect([...accepted].sort()).toEqual(ids.map((id) => `pitboss-1-${id}`).sort());
      // A graceful stop lets the pass in progress store its outcomes.
      await server.kill('SIGTERM');
      const after = await withDb(database.open, async (db) => {
        const { rows } = await db.query<{ status: string; n: number }>(
          `SELECT status, count(*)::int AS n FROM outbox WHERE channel = 'telegram' GROUP BY status`,
        );
        return Object.fromEntries(rows.map((r) => [r.status, r.n]));
      });
      expect(after).toEqual({ sent: QUEUED });
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- server output ---\n${server?.output() ?? ''}`);
    } finally {
      await server?.kill('SIGKILL');
      await stub.close();
      await database.dispose();
      rmSync(consoleDir, { recursive: true, force: true });
    }
  }, 240_000);
});
