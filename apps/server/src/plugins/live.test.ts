import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerMessage } from '@pitboss/contract';
import { expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { describeEachDatabase } from '../testing/test-app';

function collect(ws: WebSocket): ServerMessage[] {
  const messages: ServerMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  return messages;
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeEachDatabase('version and websocket', (t) => {
  it('serves /version.json without caching', async () => {
    const res = await t.call({ method: 'GET', url: '/version.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: 'test-1' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends the version on connect, answers pings, and announces a new version', async () => {
    let messages: ServerMessage[] = [];
    const ws = await t.app.injectWS('/api/ws', {}, { onInit: (socket) => (messages = collect(socket)) });
    await until(() => messages.length >= 1);
    expect(messages[0]).toEqual({ type: 'version', version: 'test-1' });

    ws.send(JSON.stringify({ type: 'ping' }));
    await until(() => messages.some((m) => m.type === 'pong'));

    writeFileSync(path.join(t.consoleDir, 'version.json'), JSON.stringify({ version: 'test-2' }));
    t.app.consoleVersion.refresh();
    await until(() => messages.some((m) => m.type === 'version' && m.version === 'test-2'));
    expect((await t.call({ method: 'GET', url: '/version.json' })).json()).toEqual({ version: 'test-2' });
    ws.terminate();
  });

  it('delivers company events only to consoles logged in to that company', async () => {
    const token = await t.login();
    let mine: ServerMessage[] = [];
    let anonymous: ServerMessage[] = [];
    const a = await t.app.injectWS(`/api/ws?token=${token}`, {}, { onInit: (s) => (mine = collect(s)) });
    const b = await t.app.injectWS('/api/ws', {}, { onInit: (s) => (anonymous = collect(s)) });
    await until(() => mine.length >= 1 && anonymous.length >= 1);
    // The token is resolved after the greeting; wait until the hub knows the company.
    await new Promise((r) => setTimeout(r, 200));
    t.app.live.publish(1, { type: 'invalidate', keys: ['alerts'], cid: 1 });
    t.app.live.publish(2, { type: 'invalidate', keys: ['other'], cid: 2 });
    await until(() => mine.some((m) => m.type === 'invalidate'));
    await new Promise((r) => setTimeout(r, 100));
    expect(mine.filter((m) => m.type === 'invalidate')).toEqual([{ type: 'invalidate', keys: ['alerts'], cid: 1 }]);
    expect(anonymous.filter((m) => m.type === 'invalidate')).toEqual([]);
    a.terminate();
    b.terminate();
  });
});
