import { randomUUID } from 'node:crypto';
import type { IngestEventInput } from '@pitboss/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../testing/test-app';
import { bet, countRows, createIngestKey, nextId, postEvents } from './ingest.testing';

describeEachDatabase('ingest: events', (t) => {
  let key: string;
  beforeAll(async () => {
    key = await createIngestKey(t);
  });

  it('stores every type with its fields, as sent', async () => {
    const ids = {
      bet: nextId(),
      login: nextId(),
      register: nextId(),
      purchase: nextId(),
      transfer: nextId(),
      bonus: nextId(),
    };
    const events = [
      {
        type: 'bet',
        id: ids.bet,
        at: '2026-11-22T08:00:00.250+08:00',
        memberId: 'store-1',
        gameId: 'baccarat-7',
        roundId: 'R-1',
        stake: 12.34,
        payout: 24.68,
        currency: 'USD',
        side: 'banker',
        gameType: 'baccarat',
        customerId: 'op-9',
        unknownField: 'ignored',
      },
      {
        type: 'login',
        id: ids.login,
        at: '2026-11-22T01:00:00Z',
        memberId: 'store-1',
        ip: '203.0.113.7',
        device: 'ios',
        success: false,
      },
      {
        type: 'register',
        id: ids.register,
        at: '2026-11-21T23:00:00Z',
        memberId: 'store-1',
        ip: '2001:DB8:0:0::1',
        device: 'web',
        nickName: 'Neo',
        account: 'neo@x',
        mobile: '+886900000000',
        vipLevel: 3,
      },
      {
        type: 'purchase',
        id: ids.purchase,
        at: '2026-11-22T02:00:00Z',
        memberId: 'store-1',
        amount: 0.1,
        currency: 'USD',
        platform: 'app',
        paymentName: 'visa',
        category: 'card',
      },
      {
        type: 'transfer',
        id: ids.transfer,
        at: '2026-11-22T03:00:00Z',
        memberId: 'store-1',
        amount: 1e-7,
        currency: 'USD',
        direction: 'in',
        counterpartyId: 'store-2',
      },
      {
        type: 'bonus',
        id: ids.bonus,
        at: '2026-11-22T04:00:00Z',
        memberId: 'store-1',
        points: -5.5,
        category: 'daily',
        eventName: 'Login streak',
      },
    ];
    expect((await postEvents(t, key, events)).json()).toEqual({ accepted: 6, duplicates: 0 });

    const { rows: bets } = await t.db.query(
      `SELECT member_id, at, game_id, round_id, stake::text, payout::text, currency, stake_base::text, side, game_type, customer_id
         FROM bet WHERE id = $1`,
      [ids.bet],
    );
    expect(bets[0]).toEqual({
      member_id: 'store-1',
      at: '2026-11-22T00:00:00.250Z',
      game_id: 'baccarat-7',
      round_id: 'R-1',
      stake: '12.34',
      payout: '24.68',
      currency: 'USD',
      stake_base: '12.34',
      side: 'banker',
      game_type: 'baccarat',
      customer_id: 'op-9',
    });
    const { rows: logins } = await t.db.query(`SELECT host(ip) AS ip, device, success FROM login WHERE id = $1`, [
      ids.login,
    ]);
    expect(logins).toEqual([{ ip: '203.0.113.7', device: 'ios', success: false }]);
    const { rows: regs } = await t.db.query(
      `SELECT host(ip) AS ip, nick_name, vip_level FROM registration WHERE id = $1`,
      [ids.register],
    );
    expect(regs).toEqual([{ ip: '2001:db8::1', nick_name: 'Neo', vip_level: 3 }]);
    const { rows: purchases } = await t.db.query(
      `SELECT amount::text, amount_base::text, platform, payment_name, category FROM purchase WHERE id = $1`,
      [ids.purchase],
    );
    expect(purchases).toEqual([
      { amount: '0.1', amount_base: '0.1', platform: 'app', payment_name: 'visa', category: 'card' },
    ]);
    const { rows: transfers } = await t.db.query(
      `SELECT amount::text, direction, counterparty_id FROM transfer WHERE id = $1`,
      [ids.transfer],
    );
    expect(transfers).toEqual([{ amount: '0.0000001', direction: 'in', counterparty_id: 'store-2' }]);
    const { rows: bonuses } = await t.db.query(`SELECT points::text, category, event_name FROM bonus WHERE id = $1`, [
      ids.bonus,
    ]);
    expect(bonuses).toEqual([{ points: '-5.5', category: 'daily', event_name: 'Login streak' }]);
    const { rows: ledger } = await t.db.query<{ type: string }>(
      `SELECT type FROM stored_event WHERE cid = 1 AND id = ANY($1) ORDER BY type`,
      [Object.values(ids)],
    );
    expect(ledger.map((r) => r.type)).toEqual(['bet', 'bonus', 'login', 'purchase', 'register', 'transfer']);

    // The member was created with the registration's profile; the game from the bet.
    const { rows: members } = await t.db.query(
      `SELECT nick_name, vip_level, account, mobile, register_ip, register_device, registered_at, first_seen_at, last_seen_at FROM member WHERE cid = 1 AND member_id = 'store-1'`,
    );
    expect(members).toEqual([
      {
        nick_name: 'Neo',
        vip_level: 3,
        account: 'neo@x',
        mobile: '+886900000000',
        register_ip: '2001:db8::1',
        register_device: 'web',
        registered_at: '2026-11-21T23:00:00.000Z',
        first_seen_at: '2026-11-21T23:00:00.000Z',
        last_seen_at: '2026-11-22T04:00:00.000Z',
      },
    ]);
    const { rows: games } = await t.db.query(
      `SELECT name, game_type, source, first_bet_at FROM game WHERE cid = 1 AND game_id = 'baccarat-7'`,
    );
    expect(games).toEqual([
      { name: 'baccarat-7', game_type: 'baccarat', source: 'bet', first_bet_at: '2026-11-22T00:00:00.250Z' },
    ]);
  });

  it('counts a resent id as a duplicate and changes nothing, across types', async () => {
    const first = [bet({ memberId: 'dup-1' }), bet({ memberId: 'dup-1' })];
    expect((await postEvents(t, key, first)).json()).toEqual({ accepted: 2, duplicates: 0 });
    const before = {
      bets: await countRows(t, 'bet'),
      day: (await t.db.query(`SELECT bets FROM member_day WHERE member_id = 'dup-1'`)).rows,
    };
    // Resent with different content, and the same id as another type: both are no-ops.
    const resent = [
      { ...first[0], stake: 1000 },
      { type: 'bonus', id: (first[1] as { id: string }).id, at: '2026-11-22T00:00:00Z', memberId: 'dup-1', points: 1 },
      bet({ memberId: 'dup-1' }),
    ];
    expect((await postEvents(t, key, resent)).json()).toEqual({ accepted: 1, duplicates: 2 });
    expect(await countRows(t, 'bet')).toBe(before.bets + 1);
    const { rows } = await t.db.query<{ bets: number }>(`SELECT bets FROM member_day WHERE member_id = 'dup-1'`);
    expect(rows[0]?.bets).toBe((before.day[0] as { bets: number }).bets + 1);
    const { rows: stakes } = await t.db.query(`SELECT stake FROM bet WHERE id = $1`, [(first[0] as { id: string }).id]);
    expect(stakes).toEqual([{ stake: 10 }]);
  });

  it('counts an id stored as another type as a duplicate, both ways, in batches with new events', async () => {
    const login = { type: 'login', id: nextId('x'), at: '2026-11-22T00:00:00Z', memberId: 'cross', ip: '10.1.1.1' };
    const stake = bet({ memberId: 'cross' });
    expect((await postEvents(t, key, [login, stake])).json()).toEqual({ accepted: 2, duplicates: 0 });
    const before = { bets: await countRows(t, 'bet'), logins: await countRows(t, 'login') };
    const fresh = bet({ memberId: 'cross' });
    const resent = [
      bet({ id: login.id, memberId: 'cross' }), // a login's id as a bet
      { ...login, id: (stake as { id: string }).id }, // a bet's id as a login
      fresh,
    ];
    expect((await postEvents(t, key, resent)).json()).toEqual({ accepted: 1, duplicates: 2 });
    const changed = { ...login, ip: '10.2.2.2' }; // the same login again, changed, beside a new event
    expect((await postEvents(t, key, [changed, bet({ memberId: 'cross' })])).json()).toEqual({
      accepted: 1,
      duplicates: 1,
    });
    expect({ bets: await countRows(t, 'bet'), logins: await countRows(t, 'login') }).toEqual({
      bets: before.bets + 2,
      logins: before.logins,
    });
    const { rows } = await t.db.query(`SELECT type FROM stored_event WHERE cid = 1 AND id = $1`, [login.id]);
    expect(rows).toEqual([{ type: 'login' }]);
  });

  it('finds resent ids in no order (random, like UUIDs), where looking them up by range cannot', async () => {
    const random = () => `rnd-${randomUUID()}`;
    const first = Array.from({ length: 300 }, () => bet({ id: random(), memberId: 'random-ids' }));
    expect((await postEvents(t, key, first)).json()).toEqual({ accepted: 300, duplicates: 0 });
    // Three ids spread over the id space: their range holds far more stored ids than is read of it.
    for (let round = 0; round < 3; round++) {
      const resent = [first[round * 7], first[100 + round], first[299 - round]] as typeof first;
      const fresh = bet({ id: random(), memberId: 'random-ids' });
      expect((await postEvents(t, key, [...resent, fresh])).json()).toEqual({ accepted: 1, duplicates: 3 });
    }
    const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM bet WHERE cid = 1 AND member_id = 'random-ids'`);
    expect(rows).toEqual([{ n: 303 }]);
  });

  it('uses the time zone set after earlier batches for the batches after it', async () => {
    const at = '2026-11-22T17:00:00Z'; // 23 November in Taipei, 22 November in London
    await postEvents(t, key, [bet({ memberId: 'tz-1', at })]);
    await t.db.query(`UPDATE company SET time_zone = 'Europe/London' WHERE cid = 1`);
    try {
      await postEvents(t, key, [bet({ memberId: 'tz-2', at })]);
    } finally {
      await t.db.query(`UPDATE company SET time_zone = 'Asia/Taipei' WHERE cid = 1`);
    }
    const { rows } = await t.db.query(
      `SELECT member_id, day::text FROM member_day WHERE cid = 1 AND member_id IN ('tz-1', 'tz-2') ORDER BY member_id`,
    );
    expect(rows).toEqual([
      { member_id: 'tz-1', day: '2026-11-23' },
      { member_id: 'tz-2', day: '2026-11-22' },
    ]);
  });

  it('stores each time exactly as sent, offsets and fractions included', async () => {
    const inMs = ['2026-11-22T08:00:00+08:00', '2026-11-22T00:00:00.1Z', '2026-11-22T00:00:00.123-05:30'];
    const inMicros = ['2026-11-22T00:00:00.123456Z', '2026-11-22T10:00:00.5+02:00'];
    for (const times of [inMs, inMicros]) {
      const events = times.flatMap((at) => [
        bet({ memberId: 'times', at }),
        { type: 'login', id: nextId('t'), at, memberId: 'times', ip: '10.7.7.7' },
      ]);
      expect((await postEvents(t, key, events)).json()).toEqual({ accepted: events.length, duplicates: 0 });
      const { rows } = await t.db.query<{ same: boolean }>(
        `SELECT s.at = u.sent::timestamptz AS same
           FROM unnest($1::text[], $2::text[]) AS u(id, sent) JOIN stored_event s ON s.cid = 1 AND s.id = u.id`,
        [events.map((e) => e.id), events.map((e) => e.at)],
      );
      expect(rows.map((r) => r.same)).toEqual(events.map(() => true));
    }
  });

  it('takes NDJSON, ignoring blank lines and CRLF', async () => {
    const lines = [bet({ memberId: 'nd' }), bet({ memberId: 'nd' }), bet({ memberId: 'nd' })].map((e) =>
      JSON.stringify(e),
    );
    const res = await postEvents(t, key, `${lines[0]}\r\n\r\n${lines[1]}\n${lines[2]}\n`, 'application/x-ndjson');
    expect(res.json()).toEqual({ accepted: 3, duplicates: 0 });
    const charset = await postEvents(t, key, JSON.stringify(bet()), 'application/x-ndjson; charset=utf-8');
    expect(charset.json()).toEqual({ accepted: 1, duplicates: 0 });
  });

  it('keeps the latest registration and never lets an older one overwrite it', async () => {
    const reg = (at: string, nickName: string, extra = {}) => ({
      type: 'register',
      id: nextId(),
      at,
      memberId: 'reg-1',
      ip: '10.9.9.9',
      nickName,
      ...extra,
    });
    await postEvents(t, key, [bet({ memberId: 'reg-1' })]);
    await postEvents(t, key, [
      reg('2026-11-20T00:00:00Z', 'Second', { vipLevel: 2 }),
      reg('2026-11-19T00:00:00Z', 'First'),
    ]);
    await postEvents(t, key, [reg('2026-11-18T00:00:00Z', 'Zeroth', { vipLevel: 9 })]);
    const { rows } = await t.db.query(
      `SELECT nick_name, vip_level, registered_at FROM member WHERE member_id = 'reg-1'`,
    );
    expect(rows).toEqual([{ nick_name: 'Second', vip_level: 2, registered_at: '2026-11-20T00:00:00.000Z' }]);
  });

  describe('currency', () => {
    beforeAll(async () => {
      await t.db.query(
        `INSERT INTO currency_rate (cid, currency, rate_date, rate) VALUES
           (1, 'EUR', '2026-11-01', 1.0837654321), (1, 'EUR', '2026-11-20', 1.1), (1, 'TWD', '2026-11-22', 0.0312),
           (1, 'USDT', '2026-11-01', 1)`,
      );
    });

    it('converts with the newest rate on or before the local date, exactly', async () => {
      const events = [
        bet({ id: 'fx-1', currency: 'EUR', stake: 10.1, payout: 0.3, at: '2026-11-19T15:59:59Z' }), // 2026-11-19 in Taipei
        bet({ id: 'fx-2', currency: 'EUR', stake: 10.1, payout: 0, at: '2026-11-19T16:00:00Z' }), // 2026-11-20 in Taipei
        {
          type: 'purchase',
          id: 'fx-3',
          at: '2026-11-22T00:00:00+08:00',
          memberId: 'fx',
          amount: 3000,
          currency: 'TWD',
        },
        {
          type: 'purchase',
          id: 'fx-7',
          at: '2026-11-22T00:00:00+08:00',
          memberId: 'fx',
          amount: 2.5,
          currency: 'USDT',
        },
      ];
      expect((await postEvents(t, key, events)).json()).toEqual({ accepted: 4, duplicates: 0 });
      const { rows } = await t.db.query(
        `SELECT id, stake_base::text, payout_base::text FROM bet WHERE id IN ('fx-1', 'fx-2') ORDER BY id`,
      );
      expect(rows).toEqual([
        { id: 'fx-1', stake_base: '10.94603086421', payout_base: '0.32512962963' },
        { id: 'fx-2', stake_base: '11.11', payout_base: '0' },
      ]);
      const { rows: p } = await t.db.query(
        `SELECT id, amount_base::text FROM purchase WHERE id IN ('fx-3', 'fx-7') ORDER BY id`,
      );
      expect(p).toEqual([
        { id: 'fx-3', amount_base: '93.6' },
        { id: 'fx-7', amount_base: '2.5' },
      ]);
    });

    it('uses a rate added after earlier batches of the same currency and day', async () => {
      await postEvents(t, key, [bet({ id: 'fx-late-1', currency: 'CHF', stake: 10, at: '2026-11-22T02:00:00Z' })]);
      await t.db.query(
        `INSERT INTO currency_rate (cid, currency, rate_date, rate) VALUES (1, 'CHF', '2026-11-22', 1.25)`,
      );
      await postEvents(t, key, [bet({ id: 'fx-late-2', currency: 'CHF', stake: 10, at: '2026-11-22T03:00:00Z' })]);
      const { rows } = await t.db.query(
        `SELECT id, stake_base::text FROM bet WHERE id IN ('fx-late-1', 'fx-late-2') ORDER BY id`,
      );
      expect(rows).toEqual([
        { id: 'fx-late-1', stake_base: null },
        { id: 'fx-late-2', stake_base: '12.5' },
      ]);
    });

    it('stores an event without a rate with a null base amount and records the gap', async () => {
      const events = [
        bet({ id: 'fx-4', currency: 'JPY', stake: 500, at: '2026-11-22T00:00:00Z' }),
        bet({ id: 'fx-5', currency: 'JPY', stake: 700, at: '2026-11-22T01:00:00Z' }),
        bet({ id: 'fx-6', currency: 'TWD', stake: 100, at: '2026-11-21T00:00:00Z' }), // before the first TWD rate
      ];
      expect((await postEvents(t, key, events)).json()).toEqual({ accepted: 3, duplicates: 0 });
      const { rows } = await t.db.query(
        `SELECT id, stake_base FROM bet WHERE id IN ('fx-4', 'fx-5', 'fx-6') ORDER BY id`,
      );
      expect(rows).toEqual([
        { id: 'fx-4', stake_base: null },
        { id: 'fx-5', stake_base: null },
        { id: 'fx-6', stake_base: null },
      ]);
      const { rows: missing } = await t.db.query(
        `SELECT currency, day::text, events FROM ingest_missing_rate WHERE cid = 1 AND currency IN ('JPY', 'TWD') ORDER BY currency, day`,
      );
      expect(missing).toEqual([
        { currency: 'JPY', day: '2026-11-22', events: 2 },
        { currency: 'TWD', day: '2026-11-21', events: 1 },
      ]);
    });
  });
});

// A group's bets are written before it takes the company's lock, so they can meet the same bet written by
// a transaction still open (the previous group, or another server). PostgreSQL only: PGlite has one
// connection, so no transaction can be open beside the ingest one.
describe('ingest: a bet resent while its first transaction is still open [postgres]', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    key = await createIngestKey(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['commits', 'COMMIT', { accepted: 1, duplicates: 1 }],
    ['rolls back', 'ROLLBACK', { accepted: 2, duplicates: 0 }],
  ] as const)('waits for it: when it %s, the reply and the rows are as if sent after', async (_, outcome, reply) => {
    await postEvents(t, key, [bet()]); // settings and rates known: the next call's bets go before the lock
    const open = bet() as Extract<IngestEventInput, { type: 'bet' }>;
    const fresh = bet();
    const rolledUp = async () =>
      (await t.db.query<{ bets: number }>(`SELECT sum(bets)::int AS bets FROM member_day WHERE cid = 1`)).rows[0]?.bets;
    const before = await rolledUp();
    const client = await t.db.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO bet (cid, member_id, at, id, game_id, round_id, stake, payout, currency)
         VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8)`,
        [open.memberId, open.at, open.id, open.gameId, open.roundId, open.stake, open.payout, open.currency],
      );
      const answer = postEvents(t, key, [open, fresh]);
      await waitUntil(async () => {
        const { rows } = await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event = 'transactionid'`,
        );
        return (rows[0]?.n ?? 0) > 0;
      });
      await client.query(outcome);
      const response = await answer;
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(reply);
    } finally {
      client.release();
    }
    const { rows } = await t.db.query<{ id: string; n: number }>(
      `SELECT id, count(*)::int AS n FROM bet WHERE cid = 1 AND id = ANY($1) GROUP BY id ORDER BY id`,
      [[open.id, (fresh as { id: string }).id]],
    );
    expect(rows.map((r) => r.n)).toEqual([1, 1]);
    expect(await rolledUp()).toBe((before ?? 0) + reply.accepted);
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
