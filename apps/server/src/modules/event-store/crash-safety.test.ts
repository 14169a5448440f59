import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { prepareChildDatabase } from '../../testing/child-database';
import { type ChildServer, startChildServer } from '../../testing/child-server';
import { DATABASE_KINDS } from '../../testing/test-app';

const PASSWORD = 'crash-test-password';
/** Restarts cost 5–10 s each on a busy 2-core machine (tsx, PGlite recovery): 3 kills keep this well under 2 min. */
const KILLS = 3;
const BATCH = 150;

let sequence = 0;
/** Simple synthetic events: bets of 20 members on 5 games, some logins and top-ups. */
function nextBatch(): { id: string; body: string } {
  const events = Array.from({ length: BATCH }, () => {
    const n = sequence++;
    const base = {
      id: `c-${n}`,
      at: new Date(Date.UTC(2026, 10, 22) + n * 1000).toISOString(),
      memberId: `m${n % 20}`,
    };
    if (n % 10 === 0) return { ...base, type: 'login', ip: `10.0.${n % 7}.1` };
    if (n % 10 === 1) return { ...base, type: 'purchase', amount: 10 + (n % 5), currency: 'USD' };
    return {
      ...base,
      type: 'bet',
      gameId: `g${n % 5}`,
      roundId: `r${Math.floor(n / 3)}`,
      stake: 1.5,
      payout: n % 3 ? 0 : 3.25,
      currency: 'USD',
    };
  });
  return { id: events[0]?.id ?? '', body: JSON.stringify(events) };
}

async function post(server: ChildServer, key: string, body: string): Promise<{ accepted: number; duplicates: number }> {
  const res = await fetch(`${server.url}/api/v2/ingest/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(20_000),
  });
  if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { accepted: number; duplicates: number };
}

async function createKey(server: ChildServer): Promise<string> {
  const login = await fetch(`${server.url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Account: 'admin', Password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const created = await fetch(`${server.url}/api/v2/system/ingest-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ Name: 'crash test' }),
  });
  return ((await created.json()) as { data: { Key: string } }).data.Key;
}

async function verify(db: Database, acknowledged: Set<string>, sent: number): Promise<void> {
  const one = async (sql: string, params: unknown[] = []) =>
    Number(Object.values((await db.query(sql, params)).rows[0] ?? {})[0]);
  // Every acknowledged id is stored (the primary key makes it at most once).
  expect(await one('SELECT count(*) FROM stored_event WHERE cid = 1 AND id = ANY($1)', [[...acknowledged]])).toBe(
    acknowledged.size,
  );
  // Every batch was resent until acknowledged, so everything sent is stored, once.
  expect(await one('SELECT count(*) FROM stored_event WHERE cid = 1')).toBe(sent);
  const typed = await one(
    `SELECT (SELECT count(*) FROM bet WHERE cid = 1) + (SELECT count(*) FROM login WHERE cid = 1)
          + (SELECT count(*) FROM purchase WHERE cid = 1)`,
  );
  expect(typed).toBe(sent);
  // Rollups were written in the same transactions as the rows: they add up to the raw tables.
  expect(await one('SELECT sum(bets) FROM member_day WHERE cid = 1')).toBe(
    await one('SELECT count(*) FROM bet WHERE cid = 1'),
  );
  expect(await one('SELECT sum(bets) FROM game_hour WHERE cid = 1')).toBe(
    await one('SELECT count(*) FROM bet WHERE cid = 1'),
  );
  expect(await one('SELECT sum(rounds) FROM game_day WHERE cid = 1')).toBe(
    await one('SELECT count(DISTINCT (game_id, round_id)) FROM bet WHERE cid = 1'),
  );
  expect(await one('SELECT sum(logins) FROM ip_day WHERE cid = 1')).toBe(
    await one('SELECT count(*) FROM login WHERE cid = 1'),
  );
  expect(await one('SELECT sum(purchase_amount) FROM member_hour WHERE cid = 1')).toBe(
    await one('SELECT sum(amount) FROM purchase WHERE cid = 1'),
  );
}

describe.each(DATABASE_KINDS)('crash safety [%s]', (kind) => {
  it(`keeps every acknowledged event exactly once across ${KILLS} kill -9 of the server`, async () => {
    const database = await prepareChildDatabase(kind, 'crash');
    const consoleDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-crash-console-'));
    writeFileSync(path.join(consoleDir, 'version.json'), JSON.stringify({ version: 'crash' }));
    const env = { ...database.env, PITBOSS_ADMIN_PASSWORD: PASSWORD, PITBOSS_CONSOLE_DIR: consoleDir };
    const acknowledged = new Set<string>();
    const pending: { id: string; body: string }[] = [];
    let sent = 0;
    let interrupted = 0;
    let key = '';
    let server: ChildServer | undefined;
    try {
      for (let round = 0; round <= KILLS; round++) {
        server = await startChildServer(env);
        const current = server;
        key ||= await createKey(current);
        // First resend what was never acknowledged: it may or may not have been stored.
        for (const batch of pending.splice(0)) {
          const result = await post(current, key, batch.body);
          expect(result.accepted + result.duplicates).toBe(BATCH);
          for (const e of JSON.parse(batch.body) as { id: string }[]) acknowledged.add(e.id);
        }
        if (round === KILLS) break;
        // Two senders post continuously; the server is killed at a random moment.
        let killed = false;
        const sender = async () => {
          while (!killed) {
            const batch = nextBatch();
            sent += BATCH;
            try {
              await post(current, key, batch.body);
              for (const e of JSON.parse(batch.body) as { id: string }[]) acknowledged.add(e.id);
            } catch {
              pending.push(batch);
              interrupted++;
            }
          }
        };
        const senders = [sender(), sender()];
        await new Promise((r) => setTimeout(r, 600 + Math.random() * 1400));
        killed = true;
        await current.kill('SIGKILL');
        await Promise.all(senders);
      }
      // The kills hit batches in flight (each sender is always mid-request), which were then resent.
      expect(interrupted).toBeGreaterThanOrEqual(KILLS);
      expect(acknowledged.size).toBe(sent);
      await server?.kill('SIGKILL');
      const db = await database.open();
      try {
        await verify(db, acknowledged, sent);
      } finally {
        await db.close();
      }
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- server output ---\n${server?.output() ?? ''}`);
    } finally {
      await server?.kill('SIGKILL');
      await database.dispose();
      rmSync(consoleDir, { recursive: true, force: true });
    }
  }, 110_000);
});
