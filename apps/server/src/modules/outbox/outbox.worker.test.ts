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

  it('fans a batch channel out by the batch, while the other channels are claimed apart from its backlog', async () => {
    const batches: number[][] = [];
    const fanOut: OutboxChannel<{ n: number }> = {
      name: 'fan-out',
      deliver: async () => ({ kind: 'failed', detail: 'one by one', retryable: true }),
      deliverBatch: async (items) => {
        batches.push(items.map((i) => i.payload.n));
        return items.map((i) => ({ kind: 'sent', detail: `fanned ${i.payload.n}` }));
      },
    };
    const quick = new ScriptedChannel(() => ({ kind: 'sent', detail: 'ok' }));
    Object.assign(quick, { name: 'quick' });
    const lanes = new OutboxWorker(t.db, t.app.log, { backoff: () => 0, batchSize: 2, fanOutBatchSize: 25 });
    lanes.register(fanOut);
    lanes.register(quick);
    await enqueue(
      t.db,
      Array.from({ length: 30 }, (_, n) => ({ cid: 1, channel: 'fan-out', payload: { n } })),
    );
    // Queued after the whole backlog: still sent in the first pass.
    await enqueue(
      t.db,
      [1, 2, 3].map((n) => ({ cid: 1, channel: 'quick', payload: { n } })),
    );
    expect(await lanes.runOnce()).toBe(27);
    expect(batches).toEqual([Array.from({ length: 25 }, (_, n) => n)]);
    expect(quick.calls).toEqual([1, 2]);
    await lanes.runOnce();
    expect(batches[1]).toEqual([25, 26, 27, 28, 29]);
    expect(quick.calls).toEqual([1, 2, 3]);
    const { rows } = await t.db.query<{ status: string; n: number }>(
      `SELECT o.status, count(l.*)::int AS n FROM outbox o JOIN delivery_log l ON l.cid = o.cid AND l.outbox_id = o.id
        WHERE o.channel = 'fan-out' GROUP BY o.status`,
    );
    expect(rows).toEqual([{ status: 'sent', n: 30 }]);
    const detail = await t.db.query<{ detail: string }>(
      `SELECT l.detail FROM delivery_log l JOIN outbox o ON o.cid = l.cid AND o.id = l.outbox_id
        WHERE o.channel = 'fan-out' AND o.payload->>'n' = '7'`,
    );
    expect(detail.rows).toEqual([{ detail: 'fanned 7' }]);
  });

  it('delivers a failing batch one by one, so only the bad item fails', async () => {
    const fanOut: OutboxChannel<{ n: number }> = {
      name: 'fan-out-2',
      deliver: async (item) =>
        item.payload.n === 2
          ? { kind: 'failed', detail: 'bad notice', retryable: false }
          : { kind: 'sent', detail: 'alone' },
      deliverBatch: async () => {
        throw new Error('one bad notice spoils the batch');
      },
    };
    const lanes = new OutboxWorker(t.db, t.app.log, { backoff: () => 0 });
    lanes.register(fanOut);
    await enqueue(
      t.db,
      [1, 2, 3].map((n) => ({ cid: 1, channel: 'fan-out-2', payload: { n } })),
    );
    await lanes.runOnce();
    const { rows } = await t.db.query<{ n: number; status: string }>(
      `SELECT (payload->>'n')::int AS n, status FROM outbox WHERE channel = 'fan-out-2' ORDER BY id`,
    );
    expect(rows).toEqual([
      { n: 1, status: 'sent' },
      { n: 2, status: 'failed' },
      { n: 3, status: 'sent' },
    ]);
  });

  it('keeps delivering while one target hangs: a slow item holds one slot, not the lane', async () => {
    let release: () => void = () => {};
    const hanging = new Promise<void>((r) => {
      release = r;
    });
    const slow: OutboxChannel<{ n: number }> = {
      name: 'slow',
      deliver: async (item) => {
        if (item.payload.n === 0) await hanging;
        return { kind: 'sent', detail: 'ok' };
      },
    };
    const lanes = new OutboxWorker(t.db, t.app.log, { backoff: () => 0, batchSize: 4, pollMs: 50 });
    lanes.register(slow);
    await enqueue(
      t.db,
      Array.from({ length: 13 }, (_, n) => ({ cid: 1, channel: 'slow', payload: { n } })),
    );
    lanes.start();
    lanes.wake();
    const sent = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM outbox WHERE channel = 'slow' AND status = 'sent'`,
        )
      ).rows[0]?.n;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await sent()) !== 12) await new Promise((r) => setTimeout(r, 50));
    expect(await sent()).toBe(12);
    release();
    await lanes.stop();
    expect(await sent()).toBe(13);
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
