import { describe, expect, it } from 'vitest';
import { parseMessage, SocketClient, socketUrl } from './socket-client';

class FakeSocket {
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
    this.onclose?.({});
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const client = new SocketClient({
    url: () => 'ws://console.test/api/ws',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  });
  return { client, sockets, timers };
}

describe('SocketClient', () => {
  it('delivers typed messages to subscribers until they unsubscribe', () => {
    const { client, sockets } = harness();
    const received: unknown[] = [];
    const unsubscribe = client.subscribe((m) => received.push(m));
    client.start();
    sockets[0]?.onmessage?.({ data: JSON.stringify({ type: 'version', version: '2' }) });
    sockets[0]?.onmessage?.({ data: 'not json' });
    unsubscribe();
    sockets[0]?.onmessage?.({ data: JSON.stringify({ type: 'pong' }) });
    expect(received).toEqual([{ type: 'version', version: '2' }]);
  });

  it('reconnects 5 s after the socket closes (spec §9)', () => {
    const { client, sockets, timers } = harness();
    client.start();
    sockets[0]?.onclose?.({});
    expect(timers).toHaveLength(1);
    expect(timers[0]?.ms).toBe(5000);
    expect(sockets).toHaveLength(1);
    timers[0]?.fn();
    expect(sockets).toHaveLength(2);
    expect(sockets[1]?.url).toBe('ws://console.test/api/ws');
  });

  it('reconnects at once on demand and stops for good when stopped', () => {
    const { client, sockets, timers } = harness();
    client.start();
    client.reconnect();
    expect(sockets[0]?.closed).toBe(true);
    expect(sockets).toHaveLength(2);
    expect(timers).toHaveLength(0);
    client.stop();
    expect(sockets[1]?.closed).toBe(true);
    expect(timers).toHaveLength(0);
  });
});

describe('socket helpers', () => {
  it('builds the socket address from the page address', () => {
    expect(socketUrl({ protocol: 'https:', host: 'risk.example:8443' })).toBe('wss://risk.example:8443/api/ws');
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/api/ws');
  });

  it('accepts only objects with a type', () => {
    expect(parseMessage('{"type":"alert","cid":1,"kind":"player","alert":{}}')).toEqual({
      type: 'alert',
      cid: 1,
      kind: 'player',
      alert: {},
    });
    expect(parseMessage('{"version":"1"}')).toBeUndefined();
    expect(parseMessage(42)).toBeUndefined();
  });
});
