import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { events } from './modules/player-alerts/detection/detectors.testing';
import { type ChildServer, startChildServer } from './testing/child-server';
import { HttpStub } from './testing/http-stub';

/**
 * Issue 21 item 9: two real server processes (`node apps/server/src/main.ts`, as in production) on one
 * PostgreSQL. Events ingested through both raise each alert once (a win streak whose bets alternate
 * between the processes is one incident), each block-API notification is delivered once, and a console
 * connected to either process sees every live alert (`LISTEN/NOTIFY`). That the scheduled reports are
 * sent once per period with two processes is `modules/notifications/subscriptions.test.ts`.
 */
const PASSWORD = 'Two-processes-2026';
const TOPUP_MEMBERS = 10;
const STREAK = 20;

interface Api {
  url: string;
  token: string;
}

async function call<T>(api: Api | string, method: string, route: string, body?: unknown, bearer?: string): Promise<T> {
  const base = typeof api === 'string' ? api : api.url;
  const token = bearer ?? (typeof api === 'string' ? undefined : api.token);
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A console's websocket on one process: the alerts it was pushed (AlertID → level last seen). */
async function liveAlerts(server: ChildServer, token: string) {
  const seen = new Map<string, number>();
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws?token=${token}`);
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as {
      type: string;
      kind?: string;
      alert?: { AlertID: number; Level: number };
    };
    if (message.type === 'alert' && message.alert) {
      seen.set(`${message.kind ?? 'player'}:${message.alert.AlertID}`, message.alert.Level);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { seen, close: () => ws.terminate() };
}

describe('two server processes on one PostgreSQL', () => {
  it('raise each alert once, deliver each notification once, and push every alert to consoles on both', async () => {
    const name = `two_processes_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`);
    await admin.end();
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = `/${name}`;
    const consoleDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-two-processes-'));
    writeFileSync(path.join(consoleDir, 'version.json'), JSON.stringify({ version: 'two' }));
    const platform = await HttpStub.start();
    const env = {
      DATABASE_URL: url.toString(),
      PITBOSS_CONSOLE_DIR: consoleDir,
      PITBOSS_ADMIN_PASSWORD: PASSWORD,
      PITBOSS_OUTBOUND_ALLOW: '127.0.0.1',
    };
    const servers: ChildServer[] = [];
    const sockets: { close(): void }[] = [];
    try {
      // The first process bootstraps the database; the second joins it.
      servers.push(await startChildServer(env));
      servers.push(await startChildServer(env));
      const [a, b] = servers as [ChildServer, ChildServer];
      const login = await call<{ token: string }>(a.url, 'POST', '/api/v2/auth/login', {
        Account: 'admin',
        Password: PASSWORD,
      });
      const apiA: Api = { url: a.url, token: login.token };
      const apiB: Api = { url: b.url, token: login.token };

      // Every Store alert at level 1 locks the member through the platform's block API.
      const api = await call<{ data: { APIID: number } }>(apiA, 'POST', '/api/v2/monitor/blacklist/api', {
        Name: 'Platform',
        IsLock: true,
        Url: `${platform.url}/lock`,
      });
      await call(apiB, 'PUT', '/api/v2/monitor/blacklist/token', { Token: 'platform-token' });
      const rules = await call<{ data: { recordset: { EventID: number; EventType: number }[] } }>(
        apiA,
        'GET',
        '/api/v2/monitor/alert-settings?pageSize=100',
      );
      const store = rules.data.recordset.find((r) => r.EventType === 5);
      expect(store).toBeDefined();
      await call(apiB, 'POST', '/api/v2/notification/notify/block', {
        EventIDs: [store?.EventID],
        Levels: [1],
        APIs: [api.data.APIID],
      });
      const key = (
        await call<{ data: { Key: string } }>(apiA, 'POST', '/api/v2/system/ingest-keys', { Name: 'two processes' })
      ).data.Key;

      const onA = await liveAlerts(a, login.token);
      const onB = await liveAlerts(b, login.token);
      sockets.push(onA, onB);

      // A win streak whose bets alternate between the processes, and top-ups spread over both.
      const now = Date.now() - 60 * 60_000;
      const e = events(now);
      for (let i = 0; i < STREAK; i++) {
        await call(i % 2 === 0 ? a.url : b.url, 'POST', '/api/v2/ingest/events', [e.bet('streaker', i, 10, 25)], key);
      }
      const topups = Array.from({ length: TOPUP_MEMBERS }, (_, i) => e.purchase(`whale-${i}`, STREAK + i, 15_000));
      await Promise.all(
        topups.map((event, i) => call(i % 2 === 0 ? a.url : b.url, 'POST', '/api/v2/ingest/events', [event], key)),
      );

      // Each incident is one alert: one streak alert at level 3, one Store alert per member.
      type Row = { AlertID: number; MemberID: string; EventType: number; Level: number };
      let alerts: Row[] = [];
      await until('the alerts', async () => {
        alerts = (await call<{ data: { recordset: Row[] } }>(apiB, 'GET', '/api/v2/monitor/alert-events?pageSize=100'))
          .data.recordset;
        return alerts.length >= TOPUP_MEMBERS + 1 && alerts.some((r) => r.MemberID === 'streaker' && r.Level === 3);
      });
      await new Promise((r) => setTimeout(r, 1000));
      alerts = (await call<{ data: { recordset: Row[] } }>(apiA, 'GET', '/api/v2/monitor/alert-events?pageSize=100'))
        .data.recordset;
      expect(alerts.filter((r) => r.MemberID === 'streaker')).toEqual([
        expect.objectContaining({ EventType: 2, Level: 3 }),
      ]);
      const stores = alerts.filter((r) => r.EventType === 5);
      expect(stores.map((r) => r.MemberID).sort()).toEqual(topups.map((t) => t.memberId).sort());
      expect(alerts).toHaveLength(TOPUP_MEMBERS + 1);

      // Each lock call reaches the platform once, whichever process claimed it.
      await until('every lock call', () => platform.requests.length >= TOPUP_MEMBERS);
      await new Promise((r) => setTimeout(r, 3000));
      const locked = platform.requests.map((r) => (JSON.parse(r.body) as { memberId: string }).memberId).sort();
      expect(locked).toEqual(topups.map((t) => t.memberId).sort());
      expect(new Set(platform.requests.map((r) => r.headers['idempotency-key'])).size).toBe(TOPUP_MEMBERS);

      // A console on either process was pushed every alert, the streak at its final level.
      for (const live of [onA, onB]) {
        await until('every live alert', () => alerts.every((r) => live.seen.has(`player:${r.AlertID}`)), 15_000);
        const streak = alerts.find((r) => r.MemberID === 'streaker');
        expect(live.seen.get(`player:${streak?.AlertID}`)).toBe(3);
      }
    } catch (error) {
      const output = servers.map((s, i) => `--- process ${i + 1} ---\n${s.output()}`).join('\n');
      throw new Error(`${(error as Error).message}\n${output}`);
    } finally {
      for (const socket of sockets) socket.close();
      for (const server of servers) await server.kill('SIGTERM');
      await platform.close();
      rmSync(consoleDir, { recursive: true, force: true });
      const drop = new pg.Client({ connectionString: inject('pgAdminUrl') });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await drop.end();
    }
  }, 240_000);
});
