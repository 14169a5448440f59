import { beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../db/database';
import { describeEachDatabase } from '../../testing/test-app';
import { bet, countRows, createIngestKey, postEvents } from '../ingest/ingest.testing';
import type { EventProcessor } from './event-processor';
import { type Group, GroupQueue } from './group-commit';
import type { StoredBatch } from './stored-batch';

describeEachDatabase('ingest: group commit', (t) => {
  const batches: string[][] = [];
  const announced: string[][] = [];
  let gate: Promise<void> | undefined;
  let poison = '';
  let key: string;

  const recorder: EventProcessor = {
    name: 'group-recorder',
    async process(_sql: Sql, batch: StoredBatch) {
      batches.push(batch.events.map((e) => e.id));
      if (gate) await gate;
      if (batch.events.some((e) => e.id === poison)) throw new Error('detector failed');
    },
    afterCommit(batch) {
      announced.push(batch.events.map((e) => e.id));
    },
  };

  beforeAll(async () => {
    t.app.eventStore.use(recorder);
    key = await createIngestKey(t);
  });

  /**
   * Holds the company's transaction on `first` until `rest` are all waiting behind it, then lets both
   * go: `rest` are stored by the next transaction. Answers every call's reply.
   */
  async function grouped(first: unknown[], rest: unknown[][]) {
    let release!: () => void;
    gate = new Promise((resolve) => {
      release = resolve;
    });
    const started = batches.length;
    const head = postEvents(t, key, first);
    while (batches.length === started) await new Promise((r) => setTimeout(r, 5));
    const tail = rest.map((events) => postEvents(t, key, events));
    while (t.app.eventStore.waiting(1) < rest.length) await new Promise((r) => setTimeout(r, 5));
    gate = undefined;
    release();
    return Promise.all([head, ...tail]);
  }

  it('stores the calls waiting behind a transaction in one, each answered with its own counts', async () => {
    await postEvents(t, key, [bet()]); // the key is known and the company's engine built
    const [a, b, c, d, e] = [bet(), bet(), bet(), bet(), bet()];
    const old = bet();
    await postEvents(t, key, [old]);
    batches.length = 0;
    announced.length = 0;

    const replies = await grouped(
      [a],
      [
        [b, c],
        [c, d, old],
        [e, b],
      ],
    );

    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // An id sent by an earlier call of the group is the later call's duplicate, as if sent one after the other.
    expect(replies.map((r) => r.json())).toEqual([
      { accepted: 1, duplicates: 0 },
      { accepted: 2, duplicates: 0 },
      { accepted: 1, duplicates: 2 },
      { accepted: 1, duplicates: 1 },
    ]);
    expect(batches).toEqual([[a.id], [b.id, c.id, d.id, e.id]]);
    expect(announced).toEqual(batches);
    const { rows } = await t.db.query<{ id: string }>(
      'SELECT id FROM bet WHERE cid = 1 AND id = ANY($1::text[]) ORDER BY id',
      [[a, b, c, d, e, old].map((x) => x.id)],
    );
    expect(rows.map((r) => r.id)).toEqual([a, b, c, d, e, old].map((x) => x.id).sort());
  });

  it('stores the calls of a failed group one by one, so only the failing call gets the error', async () => {
    const before = await countRows(t, 'stored_event');
    const [a, b, c, bad] = [bet(), bet(), bet(), bet({ memberId: 'poisoned' })];
    poison = bad.id;
    batches.length = 0;
    announced.length = 0;

    const replies = await grouped([a], [[b], [bad, c], [c]]);
    poison = '';

    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 500, 200]);
    expect(replies[1]?.json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(replies[3]?.json()).toEqual({ accepted: 1, duplicates: 0 });
    // The group, then each of its calls alone.
    expect(batches).toEqual([[a.id], [b.id, bad.id, c.id], [b.id], [bad.id, c.id], [c.id]]);
    expect(announced).toEqual([[a.id], [b.id], [c.id]]);
    expect(await countRows(t, 'stored_event')).toBe(before + 3);
    // The failed call, resent, is stored; its other event now counts as a duplicate.
    expect((await postEvents(t, key, [bad, c])).json()).toEqual({ accepted: 1, duplicates: 1 });
  });

  it('caps a group at the most events a transaction takes', async () => {
    const big = Array.from({ length: 6_000 }, () => bet({ memberId: 'big' }));
    const other = Array.from({ length: 5_000 }, () => bet({ memberId: 'big' }));
    batches.length = 0;
    const replies = await grouped([bet()], [big, other]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(batches.map((ids) => ids.length)).toEqual([1, 6_000, 5_000]);
  });
});

describe('group queue: when the next transaction starts', () => {
  /**
   * Two groups of one key, taken and run the way the event store does: the first, once the second waits,
   * calls `busy(overlap)` and holds until released, then commits. Answers the order of what happened.
   */
  async function run(overlap: boolean): Promise<string[]> {
    const log: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let queued!: () => void;
    const secondWaits = new Promise<void>((resolve) => {
      queued = resolve;
    });
    const queue = new GroupQueue<string, string>(10);
    async function execute(prepared: string, group: Group<string, string>) {
      log.push(`start ${prepared}`);
      if (prepared === 'a') await secondWaits;
      group.busy(overlap);
      if (prepared === 'a') await held;
      log.push(`commit ${prepared}`);
      group.committing();
      for (const w of group.calls) w.resolve(prepared);
      group.done();
    }
    async function writer() {
      for await (const group of queue.groups(1)) {
        const prepared = group.calls.map((w) => w.item).join('+');
        await group.turn;
        void execute(prepared, group);
      }
    }
    const first = queue.add(1, 'a', 1);
    void writer();
    await new Promise((resolve) => setTimeout(resolve, 0)); // 'a' is running
    const second = queue.add(1, 'b', 1);
    expect(second.idle).toBe(false);
    queued();
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await Promise.all([first.reply, second.reply]);
    return log;
  }

  it('starts the next group while the running one is still open when it may overlap', async () => {
    expect(await run(true)).toEqual(['start a', 'start b', 'commit b', 'commit a']);
  });

  it('starts the next group only once the running one commits when it writes what the next could write first', async () => {
    expect(await run(false)).toEqual(['start a', 'commit a', 'start b', 'commit b']);
  });
});
