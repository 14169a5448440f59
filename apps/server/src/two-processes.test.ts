import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { showcasePlant } from '@pitboss/simulator/demo';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { events } from './modules/player-alerts/detection/detectors.testing';
import { prepareChildDatabase } from './testing/child-database';
import { type ChildServer, startChildServer } from './testing/child-server';
import { HttpStub } from './testing/http-stub';

/**
 * Issue 21 item 9: two real server processes (`node apps/server/src/main.ts`, as in production) on one
 * PostgreSQL. Events ingested through both raise each alert once (a win streak whose bets alternate
 * between the processes is one incident; so are opposing bets whose two sides arrive through different
 * processes, and a game's drift whose rounds alternate), each block-API notification is delivered once, and a console
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
    const database = await prepareChildDatabase('postgres', 'two_processes');
    const consoleDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-two-processes-'));
    writeFileSync(path.join(consoleDir, 'version.json'), JSON.stringify({ version: 'two' }));
    const platform = await HttpStub.start();
    const env = {
      ...database.env,
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

      // Opposing bets: the banker side through one process, the player side through the other; a game's
      // drift whose batches alternate. Each is one alert of its kind, at the level the plant is sized for.
      let at = Date.now() - 120_000;
      for (const [kind, n] of [
        ['opposing-bets', 0],
        ['rtp-drift', 1],
      ] as const) {
        const plant = showcasePlant(kind, { run: 'two', n, currency: 'USD' });
        if (plant.games.length > 0) await call(a.url, 'POST', '/api/v2/ingest/games', plant.games, key);
        for (const [s, step] of plant.steps.entries()) {
          at += Math.min(step.afterMs, 10_000);
          const batch = step.events(at) as { side?: string }[];
          if (kind === 'opposing-bets') {
            // The two sides of each round at once, through different processes; then the logins, whose
            // time closes the rounds (a bet arriving after its round closed would be too late to match).
            const sides = ['banker', 'player'].map((side) => batch.filter((e) => e.side === side));
            await Promise.all(
              sides.map((part, i) =>
                part.length > 0 ? call(i === 0 ? a.url : b.url, 'POST', '/api/v2/ingest/events', part, key) : null,
              ),
            );
            const rest = batch.filter((e) => e.side === undefined);
            if (rest.length > 0) await call(b.url, 'POST', '/api/v2/ingest/events', rest, key);
          } else {
            for (let i = 0; i < batch.length; i += 5_000) {
              const through = (s + i / 5_000) % 2 === 0 ? a.url : b.url;
              await call(through, 'POST', '/api/v2/ingest/events', batch.slice(i, i + 5_000), key);
            }
          }
        }
      }
      type Kinded = { AlertID: number; Level: number };
      const listOf = async (route: string, api: Api) =>
        (await call<{ data: { recordset: Kinded[] } }>(api, 'GET', route)).data.recordset;
      let found = '';
      await until(`the opposing-bet and game alerts (found ${found})`, async () => {
        const laundering = await listOf('/api/v2/monitor/laundering-alerts?pageSize=100', apiA);
        const games = await listOf('/api/v2/monitor/game-rtp-alerts?pageSize=100', apiB);
        found = JSON.stringify({ laundering, games });
        return laundering.some((r) => r.Level === 2) && games.some((r) => r.Level === 3);
      }).catch((error: Error) => {
        throw new Error(`${error.message}: ${found}`);
      });
      await new Promise((r) => setTimeout(r, 1000));
      const laundering = await listOf('/api/v2/monitor/laundering-alerts?pageSize=100', apiB);
      const games = await listOf('/api/v2/monitor/game-rtp-alerts?pageSize=100', apiA);
      expect(laundering).toEqual([expect.objectContaining({ Level: 2 })]);
      expect(games).toEqual([expect.objectContaining({ Level: 3 })]);
      for (const live of [onA, onB]) {
        await until(
          'the opposing-bet and game alerts live',
          () =>
            live.seen.get(`laundering:${laundering[0]?.AlertID}`) === 2 &&
            live.seen.get(`game:${games[0]?.AlertID}`) === 3,
          15_000,
        );
      }
    } catch (error) {
      const output = servers.map((s, i) => `--- process ${i + 1} ---\n${s.output()}`).join('\n');
      throw new Error(`${(error as Error).message}\n${output}`);
    } finally {
      for (const socket of sockets) socket.close();
      for (const server of servers) await server.kill('SIGTERM');
      await platform.close();
      rmSync(consoleDir, { recursive: true, force: true });
      await database.dispose();
    }
  }, 240_000);
});
