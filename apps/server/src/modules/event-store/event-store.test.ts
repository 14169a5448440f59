import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sql } from '../../db/database';
import { describeEachDatabase } from '../../testing/test-app';
import { bet, countRows, createIngestKey, postEvents } from '../ingest/ingest.testing';
import type { EventProcessor } from './event-processor';
import type { StoredBatch } from './stored-batch';

describeEachDatabase('ingest: processors', (t) => {
  const seen: { name: string; ids: string[]; betsInTable: number }[] = [];
  const committed: string[][] = [];
  let failNext = false;
  let key: string;

  const recorder: EventProcessor = {
    name: 'test-recorder',
    async process(sql: Sql, batch: StoredBatch) {
      // Runs in the transaction, after the batch's rows (events, ledger, members, rollups) are written.
      const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM bet WHERE cid = $1', [
        batch.company.cid,
      ]);
      seen.push({ name: this.name, ids: batch.events.map((e) => e.id), betsInTable: rows[0]?.n ?? 0 });
      if (failNext) {
        failNext = false;
        throw new Error('detector failed');
      }
    },
    afterCommit(batch) {
      committed.push(batch.events.map((e) => e.id));
    },
  };

  beforeAll(async () => {
    t.app.eventStore.use(recorder);
    key = await createIngestKey(t);
  });
  afterAll(() => {
    seen.length = 0;
  });

  it('run after the rows are written, in order, and see only the newly stored events', async () => {
    expect(t.app.eventStore.processorNames).toEqual(['player-alerts', 'game-rtp', 'laundering', 'test-recorder']);
    const a = bet();
    const b = bet();
    await postEvents(t, key, [a]);
    await postEvents(t, key, [a, b]);
    expect(seen.map((s) => s.ids)).toEqual([[a.id], [b.id]]);
    expect(seen.map((s) => s.betsInTable)).toEqual([1, 2]);
    expect(committed).toEqual([[a.id], [b.id]]);
    // A batch of duplicates only reaches no processor.
    await postEvents(t, key, [a, b]);
    expect(seen).toHaveLength(2);
  });

  it('roll the whole batch back when one throws', async () => {
    const before = {
      bets: await countRows(t, 'bet'),
      ledger: await countRows(t, 'stored_event'),
      day: await countRows(t, 'member_day'),
    };
    failNext = true;
    const event = bet({ memberId: 'rolled-back' });
    const res = await postEvents(t, key, [event]);
    expect(res.statusCode).toBe(500);
    expect(res.json().message).not.toContain('detector failed');
    expect({
      bets: await countRows(t, 'bet'),
      ledger: await countRows(t, 'stored_event'),
      day: await countRows(t, 'member_day'),
    }).toEqual(before);
    expect(committed.flat()).not.toContain(event.id);
    // Resending stores it.
    expect((await postEvents(t, key, [event])).json()).toEqual({ accepted: 1, duplicates: 0 });
  });

  it('refuse a second processor with the same name', () => {
    expect(() => t.app.eventStore.use(recorder)).toThrow(/already registered/);
  });
});

describeEachDatabase('ingest: the answer and the after-commit work', (t) => {
  it('answers as soon as the batch is committed, without waiting for a processor’s afterCommit', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const committed: string[][] = [];
    t.app.eventStore.use({
      name: 'slow-announcer',
      async process() {},
      afterCommit(batch) {
        order.push('afterCommit started');
        committed.push(batch.events.map((e) => e.id));
        return held; // a websocket push that does not finish
      },
    });
    const key = await createIngestKey(t);
    const [a, b] = [bet(), bet()];

    const first = await postEvents(t, key, [a]);
    order.push('answered');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(order).toEqual(['afterCommit started', 'answered']);
    // The company's next batch is stored and answered too, its after-commit work started.
    expect((await postEvents(t, key, [b])).json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(committed).toEqual([[a.id], [b.id]]);
    release();
  });
});
