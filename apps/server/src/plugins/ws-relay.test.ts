import type { ServerMessage } from '@pitboss/contract';
import { expect, it } from 'vitest';
import { anotherApp, companyWithKey, events, ingest } from '../modules/player-alerts/detection/detectors.testing';
import { describeEachDatabase } from '../testing/test-app';
import { WsRelay } from './ws-relay';

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeEachDatabase('websocket relay between processes', (t) => {
  it('pushes an alert raised by one process to consoles connected to another (PostgreSQL)', async () => {
    const c = await companyWithKey(t, 'Relay Co');
    const second = await anotherApp(t);
    const relays = [new WsRelay(t.db, t.app.live, t.app.log), new WsRelay(t.db, second.app.live, second.app.log)];
    try {
      for (const relay of relays) await relay.start();
      const received: ServerMessage[] = [];
      const ws = await second.app.injectWS(
        `/api/ws?token=${c.admin}`,
        {},
        {
          onInit: (s) => s.on('message', (d) => received.push(JSON.parse(String(d)))),
        },
      );
      await until(() => received.length > 0);
      await new Promise((r) => setTimeout(r, 200));
      await ingest(t, c.key, [events(Date.now()).purchase('relayed', 0, 10_000)]);
      if (t.kind === 'pglite') {
        // One process owns an embedded database: nothing to relay.
        await new Promise((r) => setTimeout(r, 300));
        expect(received.filter((m) => m.type === 'alert')).toEqual([]);
      } else {
        await until(() => received.some((m) => m.type === 'alert'));
        const alert = received.find((m) => m.type === 'alert') as unknown as { alert: { MemberID: string } };
        expect(alert.alert.MemberID).toBe('relayed');
        // Delivered once: the sending process does not hear itself.
        await new Promise((r) => setTimeout(r, 300));
        expect(received.filter((m) => m.type === 'alert')).toHaveLength(1);
      }
      ws.terminate();
    } finally {
      for (const relay of relays) await relay.stop();
      await second.close();
    }
  });
});
