import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { claimDue, enqueue, listDeliveries, type OutboxItem } from './outbox.repository';
import { type DeliveryOutcome, type OutboxChannel, OutboxWorker } from './outbox.worker';

class ScriptedChannel implements OutboxChannel<{ n: number }> {
  readonly name = 'scripted';
  readonly calls: number[] = [];
  constructor(private readonly script: (item: OutboxItem<{ n: number }>, call: number) => DeliveryOutcome) {}
  async deliver(item: OutboxItem<{ n: number }>): Promise<DeliveryOutcome> {
    this.calls.push(item.payload.n);
    return this.script(item, this.calls.filter((n) => n === item.payload.n).length);
  }
}

describeEachDatabase('outbox', (t) => {
  let worker: OutboxWorker;
  let channel: ScriptedChannel;
  beforeAll(() => {
    channel = new ScriptedChannel((item, call) => {
      if (item.payload.n === 2 && call < 3) return { kind: 'failed', detail: `down (${call})`, retryable: true };
      if (item.payload.n === 3) return { kind: 'failed', detail: 'HTTP 400', retryable: false };
      if (item.payload.n === 4) return { kind: 'unsent', detail: 'no SMTP server configured' };
      return { kind: 'sent', detail: 'HTTP 200' };
    });
    worker = new OutboxWorker(t.db, t.app.log, { backoff: () => 0, batchSize: 10 });
    worker.register(channel);
  });
  afterAll(() => worker.stop());

  it('sends, retries until success, gives up on a permanent failure, and keeps unsent items', async () => {
    await t.db.tx((sql) =>
      enqueue(
        sql,
        [1, 2, 3, 4].map((n) => ({ cid: 1, channel: 'scripted', payload: { n }, dedupeKey: `k${n}` })),
      ),
    );
    for (let i = 0; i < 5; i++) await worker.runOnce();
    const { rows } = await t.db.query<{ n: number; status: string; attempts: number }>(
      `SELECT (payload->>'n')::int AS n, status, attempts FROM outbox WHERE channel = 'scripted' ORDER BY id`,
    );
    expect(rows).toEqual([
      { n: 1, status: 'sent', attempts: 1 },
      { n: 2, status: 'sent', attempts: 3 },
      { n: 3, status: 'failed', attempts: 1 },
      { n: 4, status: 'unsent', attempts: 1 },
    ]);
    const log = await listDeliveries(t.db, 1, { channel: 'scripted' });
    expect(log.rows.map((r) => r.outcome).sort()).toEqual(['failed', 'retry', 'retry', 'sent', 'sent', 'unsent']);
  });

  it('keeps the first of two items with the same dedupe key', async () => {
    const added = await enqueue(t.db, [{ cid: 1, channel: 'scripted', payload: { n: 1 }, dedupeKey: 'k1' }]);
    expect(added).toEqual([]);
  });

  it('rolls an enqueue back with its transaction', async () => {
    await expect(
      t.db.tx(async (sql) => {
        await enqueue(sql, [{ cid: 1, channel: 'scripted', payload: { n: 9 } }]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const { rows } = await t.db.query(`SELECT 1 FROM outbox WHERE payload->>'n' = '9'`);
    expect(rows).toHaveLength(0);
  });

  it('hands an item whose sender died back to the queue once its lease runs out, and not before', async () => {
    await enqueue(t.db, [{ cid: 1, channel: 'scripted', payload: { n: 5 } }]);
    const claimed = await claimDue(t.db, 10, 1);
    expect(claimed.map((i) => (i.payload as { n: number }).n)).toEqual([5]);
    // Still leased: a second worker does not take it.
    expect(await claimDue(t.db, 10, 1)).toEqual([]);
    await new Promise((r) => setTimeout(r, 1200));
    await worker.runOnce();
    const { rows } = await t.db.query<{ status: string; attempts: number }>(
      `SELECT status, attempts FROM outbox WHERE payload->>'n' = '5'`,
    );
    expect(rows[0]).toEqual({ status: 'sent', attempts: 2 });
  });

  it('drains on its own once started, woken by an enqueue', async () => {
    worker.start();
    await enqueue(t.db, [{ cid: 1, channel: 'scripted', payload: { n: 6 } }]);
    worker.wake();
    const deadline = Date.now() + 5000;
    let status = '';
    while (Date.now() < deadline && status !== 'sent') {
      await new Promise((r) => setTimeout(r, 50));
      status =
        (await t.db.query<{ status: string }>(`SELECT status FROM outbox WHERE payload->>'n' = '6'`)).rows[0]?.status ??
        '';
    }
    expect(status).toBe('sent');
    await worker.stop();
  });
});
