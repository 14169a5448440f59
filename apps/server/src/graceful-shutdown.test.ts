import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareChildDatabase } from './testing/child-database';
import { type ChildServer, startChildServer } from './testing/child-server';
import { createTestApp, DATABASE_KINDS } from './testing/test-app';

/**
 * Issue 21, item 11: SIGTERM (or Ctrl-C) to the server process while a platform is posting events:
 * it stops taking new calls, answers the ingest calls in flight (each one acknowledged is stored), and
 * exits 0 with nothing of it left running. (`npm start`'s launcher is tested in `scripts/start.test.ts`.)
 */

const PASSWORD = 'shutdown-test-password';
const BATCH = 1_000;

let sequence = 0;
function nextBatch(): string[] {
  return Array.from({ length: BATCH }, () => `t-${sequence++}`);
}
const bodyOf = (ids: string[]) =>
  JSON.stringify(
    ids.map((id, n) => ({
      type: 'bet',
      id,
      at: new Date(Date.now() - 3_600_000 + n).toISOString(),
      memberId: `m${n % 50}`,
      gameId: `g${n % 5}`,
      roundId: id,
      stake: 2,
      payout: n % 3 ? 0 : 4,
      currency: 'USD',
    })),
  );

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
    body: JSON.stringify({ Name: 'shutdown test' }),
  });
  return ((await created.json()) as { data: { Key: string } }).data.Key;
}

/** Every process below `pid` (from /proc). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const child = Number(entry);
    if (!Number.isInteger(child)) continue;
    try {
      const text = readFileSync(`/proc/${child}/stat`, 'utf8');
      parents.set(child, Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const visit = (p: number) => {
    for (const [c, parent] of parents) {
      if (parent === p) {
        found.push(c);
        visit(c);
      }
    }
  };
  visit(pid);
  return found;
}

interface Call {
  ids: string[];
  started: number;
  ended: number;
  status: number | 'refused';
  body: string;
}

describe.each(DATABASE_KINDS)('graceful shutdown [%s]', (kind) => {
  it('on SIGTERM answers the ingest calls in flight, stores every acknowledged event and exits 0', async () => {
    const database = await prepareChildDatabase(kind, 'term');
    const consoleDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-term-console-'));
    writeFileSync(path.join(consoleDir, 'version.json'), JSON.stringify({ version: 'term' }));
    let server: ChildServer | undefined;
    try {
      server = await startChildServer({
        ...database.env,
        PITBOSS_ADMIN_PASSWORD: PASSWORD,
        PITBOSS_CONSOLE_DIR: consoleDir,
      });
      const current = server;
      const key = await createKey(current);
      const calls: Call[] = [];
      let stopped = false;
      const sender = async () => {
        while (!stopped) {
          const ids = nextBatch();
          const call: Call = { ids, started: Date.now(), ended: 0, status: 'refused', body: '' };
          calls.push(call);
          try {
            const res = await fetch(`${current.url}/api/v2/ingest/events`, {
              method: 'POST',
              headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
              body: bodyOf(ids),
              signal: AbortSignal.timeout(30_000),
            });
            call.status = res.status;
            call.body = await res.text();
          } catch {
            call.status = 'refused';
            // The server is gone: stop sending.
            stopped = true;
          }
          call.ended = Date.now();
        }
      };
      const senders = [sender(), sender(), sender()];
      // Let some batches through first, then signal while every sender is mid-request.
      while (calls.filter((c) => c.status === 200).length < 3) await new Promise((r) => setTimeout(r, 20));
      const pid = current.child.pid as number;
      const signalled = Date.now();
      current.child.kill('SIGTERM');
      const code = await Promise.race([current.exited, new Promise((r) => setTimeout(() => r('timeout'), 30_000))]);
      stopped = true;
      await Promise.all(senders);
      expect(code, current.output()).toBe(0);
      expect(descendants(pid)).toEqual([]);

      // The calls in flight at the signal were answered, not cut off. One whose request was still on its
      // way over a kept-alive connection when the server closed it as idle may be refused instead (the
      // HTTP race every client must retry, RFC 9112 §9.6); it stored nothing (counted below).
      const inFlight = calls.filter((c) => c.started < signalled && c.ended >= signalled);
      expect(inFlight.filter((c) => c.status === 200).length).toBeGreaterThan(0);
      expect(
        inFlight.filter((c) => c.status !== 200 && c.status !== 'refused' && c.status !== 503),
        'calls in flight at SIGTERM',
      ).toEqual([]);
      // Calls after the signal were refused (503 or a closed connection), never half-taken.
      for (const c of calls.filter((c) => c.status !== 200 && c.status !== 'refused')) {
        expect(c.status, c.body).toBe(503);
        expect(JSON.parse(c.body)).toMatchObject({ status: 503, messageCode: expect.any(String) });
      }
      const acknowledged = calls.filter((c) => c.status === 200).flatMap((c) => c.ids);
      for (const c of calls.filter((c) => c.status === 200)) {
        expect(JSON.parse(c.body)).toMatchObject({ accepted: BATCH, duplicates: 0 });
      }
      const db = await database.open();
      try {
        const { rows } = await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM stored_event WHERE cid = 1 AND id = ANY($1)',
          [acknowledged],
        );
        expect(rows[0]?.n).toBe(acknowledged.length);
        const { rows: bets } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bet WHERE cid = 1');
        // Nothing was stored without being acknowledged (no call was cut off after its commit).
        expect(bets[0]?.n).toBe(acknowledged.length);
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
  }, 120_000);
});

describe('shutting down [pglite]', () => {
  it('answers a call arriving on an open connection while shutting down with 503 in the one shape', async () => {
    const t = await createTestApp('pglite');
    let closed = false;
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (d: Buffer) => {
        received += d.toString();
      });
      const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      // A call in flight (its body still arriving) when the shutdown starts…
      const body = JSON.stringify({ Account: 'nobody', Password: 'not-the-password' });
      socket.write(
        `POST /api/v2/auth/login HTTP/1.1\r\nHost: pitboss.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await new Promise((r) => setTimeout(r, 200));
      const closing = t.app.close().then(() => {
        closed = true;
      });
      await new Promise((r) => setTimeout(r, 200));
      // …is answered; the next one on the same connection is told to go elsewhere.
      socket.write(`${body.slice(5)}GET /api/v2/auth/user-info HTTP/1.1\r\nHost: pitboss.test\r\n\r\n`);
      await Promise.race([ended, new Promise((r) => setTimeout(r, 10_000))]);
      await closing;
      const answers = received.split(/(?=HTTP\/1\.1 )/);
      expect(
        answers.map((a) => a.slice(0, 12)),
        received,
      ).toEqual(['HTTP/1.1 401', 'HTTP/1.1 503']);
      const last = answers[1] ?? '';
      expect(last.toLowerCase()).toContain('retry-after: 5');
      expect(JSON.parse(last.slice(last.indexOf('\r\n\r\n') + 4))).toMatchObject({
        status: 503,
        messageCode: 'SHUTTING_DOWN',
      });
    } finally {
      if (!closed) await t.app.close();
      await t.close().catch(() => {});
    }
  });
});
