import { INGEST_MAX_BYTES, INGEST_MAX_EVENTS } from '@pitboss/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestApp } from '../../testing/test-app';
import { bet, countRows, createIngestKey, nextId, postEvents } from './ingest.testing';

const at = '2026-11-22T08:00:00+08:00';
const login = () => ({ type: 'login', id: nextId('login'), at, memberId: 'm1', ip: '10.0.0.1' });
const purchase = (amount: unknown) => ({
  type: 'purchase',
  id: nextId('p'),
  at,
  memberId: 'm1',
  amount,
  currency: 'USD',
});

/** Every table the ingest path writes, for "nothing of that batch stored". */
const TABLES = ['stored_event', 'bet', 'login', 'purchase', 'member', 'game', 'member_day', 'game_day'];
async function snapshot(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) counts[table] = await countRows(t, table);
  return counts;
}

describeEachDatabase('ingest: bad input', (t) => {
  let key: string;
  beforeAll(async () => {
    key = await createIngestKey(t);
    // One stored event, so that "nothing stored" compares against a non-empty database.
    expect((await postEvents(t, key, [bet()])).statusCode).toBe(200);
  });

  /** Sends a good event at index 0 and the bad one at index 1: the whole batch must be refused. */
  async function refuse(bad: unknown, field: string | undefined, reason: RegExp) {
    const before = await snapshot(t);
    const res = await postEvents(t, key, [bet(), bad]);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.messageCode).toBe('VALIDATION_FAILED');
    expect(body.errors[0]).toMatchObject({ index: 1, ...(field ? { field } : {}) });
    expect(body.errors[0].message).toMatch(reason);
    expect(body.message).toContain('event 1');
    if (field) expect(body.message).toContain(field);
    expect(await snapshot(t)).toEqual(before);
    return body;
  }

  it.each([
    ['a missing field', () => bet({ roundId: undefined }), 'roundId', /^roundId: is required$/],
    ['a wrongly typed field', () => bet({ stake: '10' as never }), 'stake', /^stake: must be a number, not string$/],
    ['a negative stake', () => bet({ stake: -1 }), 'stake', /^stake: must be at least 0$/],
    ['a negative payout', () => bet({ payout: -0.01 }), 'payout', /^payout: must be at least 0$/],
    ['a top-up of 0', () => purchase(0), 'amount', /^amount: must be greater than 0$/],
    [
      'a time without offset',
      () => bet({ at: '2026-11-22T08:00:00' }),
      'at',
      /^at: must be an ISO 8601 time with an offset/,
    ],
    ['an unparseable time', () => bet({ at: 'yesterday' }), 'at', /^at: must be an ISO 8601 time/],
    ['an impossible date', () => bet({ at: '2026-02-30T08:00:00Z' }), 'at', /^at: must be an ISO 8601 time/],
    [
      'a memberId over 64 characters',
      () => bet({ memberId: 'm'.repeat(65) }),
      'memberId',
      /^memberId: must be at most 64 characters$/,
    ],
    ['an id over 64 characters', () => bet({ id: 'i'.repeat(65) }), 'id', /^id: must be at most 64 characters$/],
    ['an empty id', () => bet({ id: '' }), 'id', /^id: must not be empty$/],
    ['a bad IP', () => ({ ...login(), ip: '300.1.1.1' }), 'ip', /^ip: must be an IPv4 or IPv6 address$/],
    [
      'a lower-case currency',
      () => bet({ currency: 'usd' }),
      'currency',
      /^currency: must be an upper-case currency code such as USD/,
    ],
    [
      'a bad transfer direction',
      () => ({ type: 'transfer', id: nextId('t'), at, memberId: 'm', amount: 1, currency: 'USD', direction: 'up' }),
      'direction',
      /^direction: must be one of in, out$/,
    ],
    ['a NUL character', () => bet({ memberId: 'a\u0000b' }), 'memberId', /must not contain the NUL character/],
  ])('refuses %s, naming the event and field, and stores nothing', async (_name, make, field, reason) => {
    await refuse(make(), field, reason);
  });

  it('refuses an unknown or missing event type', async () => {
    await refuse(
      { ...bet(), type: 'withdrawal' },
      'type',
      /^type: must be one of bet, login, register, purchase, transfer, bonus$/,
    );
    const { type: _type, ...untyped } = bet() as Record<string, unknown>;
    await refuse(untyped, 'type', /^type: is required/);
    await refuse('not an event', undefined, /must be a JSON object, not string/);
  });

  it('names the id of the bad event and lists every error', async () => {
    const bad = bet({ id: 'named-event', stake: -5, currency: 'dollars' });
    const body = await refuse(bad, 'stake', /stake/);
    expect(body.errors).toHaveLength(2);
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['currency', 'stake']);
    expect(body.errors.every((e: { id: string }) => e.id === 'named-event')).toBe(true);
    expect(body.message).toContain('(id named-event)');
  });

  it('refuses the same id twice in one batch', async () => {
    const event = bet();
    const before = await snapshot(t);
    const res = await postEvents(t, key, [event, bet(), { ...event, stake: 99 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        index: 2,
        id: event.id,
        field: 'id',
        message: `id: "${event.id}" appears twice in this batch (first at index 0)`,
      },
    ]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses an empty batch, as JSON and as NDJSON', async () => {
    for (const [body, type] of [
      ['[]', 'application/json'],
      ['', 'application/x-ndjson'],
      ['\n\n', 'application/x-ndjson'],
    ] as const) {
      const res = await postEvents(t, key, body, type);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().message).toMatch(/empty/);
    }
  });

  it('refuses a body that is not an array', async () => {
    const res = await postEvents(t, key, bet());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/must be a JSON array of events, or NDJSON/);
    const broken = await postEvents(t, key, '[{"type": "bet",', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().messageCode).toBe('INVALID_JSON');
  });

  it('refuses an empty JSON body, and takes a "__proto__" key as an unknown key', async () => {
    const empty = await postEvents(t, key, '', 'application/json');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().messageCode).toBe('INVALID_JSON');
    const event = bet();
    const text = `[${JSON.stringify(event).slice(0, -1)},"__proto__":{"polluted":true}}]`;
    const res = await postEvents(t, key, text, 'application/json');
    expect(res.json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses invalid NDJSON lines by line number and stores nothing', async () => {
    const before = await snapshot(t);
    const lines = [JSON.stringify(bet()), '{"type": "bet", oops}', '', JSON.stringify(bet({ stake: -1 })), 'null'];
    const res = await postEvents(t, key, lines.join('\n'), 'application/x-ndjson');
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { index: number; message: string }[];
    expect(errors.map((e) => e.index)).toEqual([1, 3, 4]);
    expect(errors[0]?.message).toMatch(/^line 2 is not valid JSON/);
    expect(errors[1]?.message).toBe('stake: must be at least 0');
    expect(errors[2]?.message).toMatch(/must be a JSON object, not null/);
    expect(await snapshot(t)).toEqual(before);
  });

  it('lists at most 100 errors but counts them all', async () => {
    const events = Array.from({ length: 150 }, () => bet({ stake: -1 }));
    const res = await postEvents(t, key, events);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveLength(100);
    expect(res.json().message).toContain('(150 errors in 150 events)');
  });

  describe('keys', () => {
    it.each([
      ['no key', undefined, 'INGEST_KEY_REQUIRED'],
      ['an unknown key', 'pbk_0000000000000000000000000000000000', 'INGEST_KEY_INVALID'],
      ['something that is not a key', 'hello', 'INGEST_KEY_INVALID'],
    ])('answers 401 for %s, before reading the body', async (_name, badKey, code) => {
      const before = await snapshot(t);
      const res = await postEvents(t, badKey, '{not even json', 'application/json');
      expect(res.statusCode).toBe(401);
      expect(res.json().messageCode).toBe(code);
      expect(await snapshot(t)).toEqual(before);
    });

    it("answers 401 for a console user's token", async () => {
      const res = await postEvents(t, await t.login(), [bet()]);
      expect(res.statusCode).toBe(401);
    });
  });

  describe('size', () => {
    it(`answers 413 over ${INGEST_MAX_EVENTS} events, as JSON and as NDJSON`, async () => {
      const tiny = { type: 'bonus', id: 'x', at, memberId: 'm', points: 1 };
      const events = Array.from({ length: INGEST_MAX_EVENTS + 1 }, (_, i) => ({ ...tiny, id: `big-${i}` }));
      const json = await postEvents(t, key, events);
      expect(json.statusCode).toBe(413);
      expect(json.json()).toMatchObject({ messageCode: 'PAYLOAD_TOO_LARGE' });
      expect(json.json().message).toContain('10,001');
      const ndjson = await postEvents(t, key, events.map((e) => JSON.stringify(e)).join('\n'), 'application/x-ndjson');
      expect(ndjson.statusCode).toBe(413);
    });

    it('answers 413 over 10 MiB', async () => {
      const padding = 'x'.repeat(INGEST_MAX_BYTES);
      const res = await postEvents(t, key, `[${JSON.stringify(padding)}]`);
      expect(res.statusCode).toBe(413);
      expect(res.json().messageCode).toBe('PAYLOAD_TOO_LARGE');
    });
  });
});

describeEachDatabase(
  'ingest: saturation',
  (t) => {
    it('answers 429 with Retry-After beyond the in-flight limit, and stores nothing of that batch', async () => {
      const key = await createIngestKey(t);
      expect((await postEvents(t, key, [bet()])).statusCode).toBe(200);
      const batches = Array.from({ length: 4 }, () => Array.from({ length: 300 }, () => bet()));
      const answers = await Promise.all(batches.map((b) => postEvents(t, key, b)));
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses).toContain(200);
      expect(statuses).toContain(429);
      const busy = answers.find((r) => r.statusCode === 429);
      expect(busy?.headers['retry-after']).toBe('1');
      expect(busy?.json().messageCode).toBe('OVERLOADED');
      const stored = answers.filter((r) => r.statusCode === 200).length;
      expect(await countRows(t, 'bet')).toBe(1 + stored * 300);
      // Slots are given back: the next call goes through.
      expect((await postEvents(t, key, [bet()])).statusCode).toBe(200);
    });
  },
  { PITBOSS_INGEST_CONCURRENCY: '1' },
);
