import type { IngestEventInput } from '@pitboss/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestApp } from '../../../testing/test-app';
import { addCompany, tokenFor } from '../../../testing/users';
import { createIngestKey, postEvents } from '../../ingest/ingest.testing';

/** A small seeded PRNG (mulberry32), so that a failure can be replayed. */
function prng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)] as T,
  };
}

const IPS = ['10.0.0.1', '10.0.0.2', '203.0.113.9', '2001:db8::2', '2001:DB8:0::2'];

/** Random events over three days around `start`, in random batches sent out of order, some sent twice. */
function generate(seed: number, start: number): { batches: IngestEventInput[][]; all: IngestEventInput[] } {
  const r = prng(seed);
  const members = Array.from({ length: 12 }, (_, i) => `m${i}`);
  const games = ['bac-1', 'bac-2', 'slot-1', 'slot-2'];
  const rounds = Array.from({ length: 40 }, (_, i) => ({
    game: r.pick(games),
    id: `r${i}`,
    at: start + r.int(72 * 3600) * 1000,
  }));
  const money = () => Math.round(r.next() * 10000) / (r.next() < 0.3 ? 1000 : 100);
  const currency = () => r.pick(['USD', 'USD', 'USD', 'EUR', 'JPY']);
  const all: IngestEventInput[] = [];
  for (let i = 0; i < 600; i++) {
    const base = {
      id: `ev-${seed}-${i}`,
      memberId: r.pick(members),
      at: new Date(start + r.int(72 * 3600) * 1000).toISOString(),
    };
    const kind = r.int(10);
    if (kind < 5) {
      const round = r.pick(rounds);
      const at = new Date(round.at + r.int(20) * 1000).toISOString();
      const stake = money();
      all.push({
        ...base,
        at,
        type: 'bet',
        gameId: round.game,
        roundId: round.id,
        stake,
        payout: r.next() < 0.45 ? Math.round(stake * 195) / 100 : 0,
        currency: currency(),
      });
    } else if (kind < 7) all.push({ ...base, type: 'login', ip: r.pick(IPS), success: r.next() < 0.85 });
    else if (kind === 7)
      all.push({
        ...base,
        type: r.next() < 0.5 ? 'register' : 'purchase',
        ip: r.pick(IPS),
        amount: money() || 1,
        currency: currency(),
      } as IngestEventInput);
    else if (kind === 8)
      all.push({
        ...base,
        type: 'transfer',
        amount: money() || 1,
        currency: currency(),
        direction: r.next() < 0.5 ? 'in' : 'out',
      });
    else all.push({ ...base, type: 'bonus', points: Math.round((r.next() - 0.2) * 1000) / 10 });
  }
  const shuffled = [...all].sort(() => r.next() - 0.5);
  const batches: IngestEventInput[][] = [];
  for (let i = 0; i < shuffled.length; ) {
    const size = 1 + r.int(90);
    const batch = shuffled.slice(i, i + size);
    // Resend a few events of earlier batches with this one.
    for (let k = 0; k < 3 && i > 0; k++) batch.push(shuffled[r.int(i)] as IngestEventInput);
    batches.push([...new Map(batch.map((e) => [e.id, e])).values()]);
    i += size;
  }
  return { batches, all };
}

/** Rows of `a` not in `b`: both are SQL selects with the same columns. */
async function difference(t: TestApp, a: string, b: string, cid: number): Promise<unknown[]> {
  const { rows } = await t.db.query(`(${a}) EXCEPT (${b})`, [cid]);
  return rows;
}

async function expectSame(t: TestApp, cid: number, rollup: string, oracle: string): Promise<void> {
  expect(await difference(t, rollup, oracle, cid), `${rollup}\nnot in oracle`).toEqual([]);
  expect(await difference(t, oracle, rollup, cid), `oracle rows missing from ${rollup}`).toEqual([]);
}

const TZ = `(SELECT time_zone FROM company WHERE cid = $1)`;
const HOUR = `(date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
const DAY = `((at AT TIME ZONE ${TZ})::date)`;

/** Every money and count column of member rollups, one row per raw event. */
const MEMBER_EVENTS = `
  SELECT member_id, at, 1 AS bets, (payout > stake)::int AS wins, stake, payout, COALESCE(stake_base, 0) AS stake_base,
         COALESCE(payout_base, 0) AS payout_base, 0 AS purchases, 0 AS purchase_amount, 0 AS purchase_base,
         0 AS transfers_in, 0 AS transfer_in_amount, 0 AS transfer_in_base, 0 AS transfers_out, 0 AS transfer_out_amount,
         0 AS transfer_out_base, 0 AS bonuses, 0 AS bonus_points, 0 AS logins, 0 AS failed_logins, (stake_base IS NULL)::int AS unconverted
    FROM bet WHERE cid = $1
  UNION ALL
  SELECT member_id, at, 0, 0, 0, 0, 0, 0, 1, amount, COALESCE(amount_base, 0), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (amount_base IS NULL)::int
    FROM purchase WHERE cid = $1
  UNION ALL
  SELECT member_id, at, 0, 0, 0, 0, 0, 0, 0, 0, 0,
         (direction = 'in')::int, CASE WHEN direction = 'in' THEN amount ELSE 0 END, CASE WHEN direction = 'in' THEN COALESCE(amount_base, 0) ELSE 0 END,
         (direction = 'out')::int, CASE WHEN direction = 'out' THEN amount ELSE 0 END, CASE WHEN direction = 'out' THEN COALESCE(amount_base, 0) ELSE 0 END,
         0, 0, 0, 0, (amount_base IS NULL)::int
    FROM transfer WHERE cid = $1
  UNION ALL
  SELECT member_id, at, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, points, 0, 0, 0 FROM bonus WHERE cid = $1
  UNION ALL
  SELECT member_id, at, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, success::int, (NOT success)::int, 0 FROM login WHERE cid = $1`;
const MEMBER_SUMS = `sum(bets)::int, sum(wins)::int, sum(stake), sum(payout), sum(stake_base), sum(payout_base), sum(purchases)::int,
  sum(purchase_amount), sum(purchase_base), sum(transfers_in)::int, sum(transfer_in_amount), sum(transfer_in_base),
  sum(transfers_out)::int, sum(transfer_out_amount), sum(transfer_out_base), sum(bonuses)::int, sum(bonus_points),
  sum(logins)::int, sum(failed_logins)::int, sum(unconverted)::int`;
const MEMBER_COLUMNS = `bets, wins, stake, payout, stake_base, payout_base, purchases, purchase_amount, purchase_base, transfers_in,
  transfer_in_amount, transfer_in_base, transfers_out, transfer_out_amount, transfer_out_base, bonuses, bonus_points, logins,
  failed_logins, unconverted`;
const GAME_COLUMNS = `bets, wins, players, stake, payout, stake_base, payout_base, unconverted`;
const GAME_SUMS = `count(*)::int, sum((payout > stake)::int)::int, count(DISTINCT member_id)::int, sum(stake), sum(payout),
  sum(COALESCE(stake_base, 0)), sum(COALESCE(payout_base, 0)), sum((stake_base IS NULL)::int)::int`;

/** Where each round is counted: the bucket of the earliest of its bets in the batch that first brought it. */
function expectedRounds(batches: IngestEventInput[][]): Map<string, { at: number; game: string }> {
  const stored = new Set<string>();
  const rounds = new Map<string, { at: number; game: string }>();
  for (const batch of batches) {
    const opened = new Map<string, { at: number; game: string }>();
    for (const e of batch) {
      if (stored.has(e.id)) continue;
      stored.add(e.id);
      if (e.type !== 'bet') continue;
      const key = `${e.gameId}|${e.roundId}`;
      if (rounds.has(key)) continue;
      const at = Date.parse(e.at);
      const open = opened.get(key);
      if (!open || at < open.at) opened.set(key, { at, game: e.gameId });
    }
    for (const [key, value] of opened) rounds.set(key, value);
  }
  return rounds;
}

describeEachDatabase('rollups', (t) => {
  const companies = [
    { cid: 1, seed: 11, start: Date.parse('2026-11-21T13:00:00Z') },
    // New York leaves daylight time on 2026-11-01: a 25-hour day.
    { cid: 2, seed: 22, start: Date.parse('2026-10-31T02:00:00Z') },
  ];
  const sent = new Map<number, IngestEventInput[][]>();

  beforeAll(async () => {
    const ny = await addCompany(t, 'NY Operator');
    expect(ny).toBe(2);
    await t.db.query(`UPDATE company SET time_zone = 'America/New_York' WHERE cid = $1`, [ny]);
    const nyAdmin = await tokenFor(t, 'ny-admin', 'admin', ny);
    for (const cid of [1, 2]) {
      await t.db.query(
        `INSERT INTO currency_rate (cid, currency, rate_date, rate) VALUES ($1, 'EUR', '2026-10-01', 1.0837654321), ($1, 'EUR', '2026-11-22', 1.1)`,
        [cid],
      );
    }
    for (const { cid, seed, start } of companies) {
      const key = await createIngestKey(t, cid === 1 ? undefined : nyAdmin);
      const { batches } = generate(seed, start);
      for (const batch of batches) {
        const res = await postEvents(t, key, batch);
        expect(res.statusCode, res.body).toBe(200);
      }
      sent.set(cid, batches);
    }
  }, 120_000);

  it.each(companies)('member rollups match the raw events (company $cid)', async ({ cid }) => {
    await expectSame(
      t,
      cid,
      `SELECT member_id, hour, ${MEMBER_COLUMNS} FROM member_hour WHERE cid = $1`,
      `SELECT member_id, ${HOUR}, ${MEMBER_SUMS} FROM (${MEMBER_EVENTS}) e GROUP BY 1, 2`,
    );
    await expectSame(
      t,
      cid,
      `SELECT member_id, day, ${MEMBER_COLUMNS} FROM member_day WHERE cid = $1`,
      `SELECT member_id, ${DAY}, ${MEMBER_SUMS} FROM (${MEMBER_EVENTS}) e GROUP BY 1, 2`,
    );
  });

  it.each(companies)('game rollups match the raw bets (company $cid)', async ({ cid }) => {
    await expectSame(
      t,
      cid,
      `SELECT game_id, hour, ${GAME_COLUMNS} FROM game_hour WHERE cid = $1`,
      `SELECT game_id, ${HOUR}, ${GAME_SUMS} FROM bet WHERE cid = $1 GROUP BY 1, 2`,
    );
    await expectSame(
      t,
      cid,
      `SELECT game_id, day, ${GAME_COLUMNS} FROM game_day WHERE cid = $1`,
      `SELECT game_id, ${DAY}, ${GAME_SUMS} FROM bet WHERE cid = $1 GROUP BY 1, 2`,
    );
    await expectSame(
      t,
      cid,
      `SELECT game_id, day, member_id, bets, wins, stake, payout, stake_base, payout_base, unconverted, first_at, last_at FROM game_member_day WHERE cid = $1`,
      `SELECT game_id, ${DAY}, member_id, count(*)::int, sum((payout > stake)::int)::int, sum(stake), sum(payout), sum(COALESCE(stake_base, 0)),
              sum(COALESCE(payout_base, 0)), sum((stake_base IS NULL)::int)::int, min(at), max(at) FROM bet WHERE cid = $1 GROUP BY 1, 2, 3`,
    );
    const { rows: floats } = await t.db.query(
      `SELECT g.game_id, g.day FROM game_day g
         JOIN (SELECT game_id, ${DAY} AS day, sum((stake_base ^ 2)::float8) AS s2, sum((payout_base ^ 2)::float8) AS p2,
                      sum((stake_base * payout_base)::float8) AS sp FROM bet WHERE cid = $1 GROUP BY 1, 2) o USING (game_id, day)
        WHERE g.cid = $1 AND (abs(g.stake_sq - COALESCE(o.s2, 0)) > 1e-6 * greatest(1, o.s2)
           OR abs(g.payout_sq - COALESCE(o.p2, 0)) > 1e-6 * greatest(1, o.p2) OR abs(g.stake_payout - COALESCE(o.sp, 0)) > 1e-6 * greatest(1, o.sp))`,
      [cid],
    );
    expect(floats).toEqual([]);
  });

  it.each(companies)('counts each round once, where it was first seen (company $cid)', async ({ cid }) => {
    const rounds = expectedRounds(sent.get(cid) ?? []);
    const { rows: tz } = await t.db.query<{ time_zone: string }>('SELECT time_zone FROM company WHERE cid = $1', [cid]);
    const dayOf = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz[0]?.time_zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const perHour = new Map<string, number>();
    const perDay = new Map<string, number>();
    for (const { at, game } of rounds.values()) {
      const hour = `${game}|${new Date(Math.floor(at / 3_600_000) * 3_600_000).toISOString()}`;
      const day = `${game}|${dayOf.format(at)}`;
      perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const { rows: hours } = await t.db.query<{ game_id: string; hour: string; rounds: number }>(
      'SELECT game_id, hour, rounds FROM game_hour WHERE cid = $1 AND rounds > 0',
      [cid],
    );
    expect(new Map(hours.map((r) => [`${r.game_id}|${r.hour}`, r.rounds]))).toEqual(perHour);
    const { rows: days } = await t.db.query<{ game_id: string; day: string; rounds: number }>(
      'SELECT game_id, day, rounds FROM game_day WHERE cid = $1 AND rounds > 0',
      [cid],
    );
    expect(new Map(days.map((r) => [`${r.game_id}|${r.day}`, r.rounds]))).toEqual(perDay);
  });

  it.each(companies)('IP rollups match the raw logins and registrations (company $cid)', async ({ cid }) => {
    const ipEvents = `SELECT ip, member_id, at, success::int AS logins, (NOT success)::int AS failed, 0 AS registrations FROM login WHERE cid = $1
      UNION ALL SELECT ip, member_id, at, 0, 0, 1 FROM registration WHERE cid = $1`;
    await expectSame(
      t,
      cid,
      'SELECT ip, day, logins, failed_logins, registrations, members FROM ip_day WHERE cid = $1',
      `SELECT ip, ${DAY}, sum(logins)::int, sum(failed)::int, sum(registrations)::int, count(DISTINCT member_id)::int FROM (${ipEvents}) e GROUP BY 1, 2`,
    );
    await expectSame(
      t,
      cid,
      'SELECT ip, day, member_id, logins, failed_logins, registrations, first_at, last_at FROM ip_member_day WHERE cid = $1',
      `SELECT ip, ${DAY}, member_id, sum(logins)::int, sum(failed)::int, sum(registrations)::int, min(at), max(at) FROM (${ipEvents}) e GROUP BY 1, 2, 3`,
    );
    const { rows } = await t.db.query<{ n: number }>('SELECT count(DISTINCT ip)::int AS n FROM ip_day WHERE cid = $1', [
      cid,
    ]);
    expect(rows[0]?.n).toBe(4); // 2001:db8::2 written two ways is one address
  });

  it('stores every event exactly once and base amounts equal amount × rate', async () => {
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bet b JOIN currency_rate r ON r.cid = b.cid AND r.currency = b.currency
        WHERE r.rate_date = (SELECT max(rate_date) FROM currency_rate x WHERE x.cid = b.cid AND x.currency = b.currency
                               AND x.rate_date <= (b.at AT TIME ZONE (SELECT time_zone FROM company c WHERE c.cid = b.cid))::date)
          AND (b.stake_base <> b.stake * r.rate OR b.payout_base <> b.payout * r.rate)`,
    );
    expect(rows[0]?.n).toBe(0);
    for (const { cid, seed, start } of companies) {
      const { all } = generate(seed, start);
      const { rows: ledger } = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM stored_event WHERE cid = $1',
        [cid],
      );
      expect(ledger[0]?.n).toBe(all.length);
    }
  });
});
