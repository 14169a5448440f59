/**
 * Check-tool speed (issue 19 item 6): loads `--bets` bets (default 10 million) and the other events in
 * the simulator's proportions (measured from a simulator run) into a throwaway PostgreSQL cluster, or
 * the embedded database with `--db pglite`, builds the rollups from them, then times every check-tool
 * call over the last 31 days with its default page (and the one-member variants), p50/p95 over
 * `--runs`, and prints each statement's plan shape.
 *
 *   npx tsx bench/check-tools.ts [--db postgres|pglite] [--bets 10000000] [--days 62] [--runs 20] [--serve]
 *
 * `--serve` (PostgreSQL): after loading, prints the database's URL and keeps it until interrupted, for
 * `EXPLAIN ANALYZE` by hand, instead of timing the calls. `--url <that URL> --cid <company>` times the
 * calls against a database loaded (and served) before, without loading: runs of two versions of the
 * code can so be interleaved on the same data. `--only <text>` times the calls whose name contains it;
 * `--analyze` prints each statement's `EXPLAIN ANALYZE` instead of the scans.
 *
 * The rows are generated inside the database (`INSERT … SELECT … generate_series`, one statement a
 * table), the rollups by `INSERT … SELECT … GROUP BY` over them; the loading time is printed. Calls run
 * through `CheckToolsService` in process (the SQL and the service's work; no HTTP).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as S from '@pitboss/contract/schemas';
import { type Database, migrate, openDatabase } from '@pitboss/server';
import { startPgCluster } from '@pitboss/server/testing';
import { createSimulation } from '@pitboss/simulator';
import type { z } from 'zod';
import type { AuthContext } from '../apps/server/src/lib/auth-context';
import { CheckToolsService } from '../apps/server/src/modules/check-tools/check-tools.service';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const KIND = arg('db', 'postgres') as 'postgres' | 'pglite';
const BETS = Number(arg('bets', '10000000'));
const DAYS = Number(arg('days', '62'));
const RUNS = Number(arg('runs', '20'));
const SERVE = process.argv.includes('--serve');
const URL_ = arg('url', '');
const CID = Number(arg('cid', '0'));
const ONLY = arg('only', '');
const ANALYZE = process.argv.includes('--analyze');
const MEMBERS = Math.max(100, Math.round(BETS / 100));
const GAMES = 60;
const ZONE = 'Asia/Taipei';
const FIRST_DAY = '2026-09-01';

/** Events per bet of each other type, from an hour of the simulator. */
function proportions(): Record<string, number> {
  const start = new Date('2026-11-10T00:00:00Z');
  const sim = createSimulation({ seed: 6, start, members: 400, eventsPerSecond: 20, games: 12 });
  const counts: Record<string, number> = {};
  for (const batch of sim.batches(start, new Date(start.getTime() + 3_600_000), 5_000)) {
    for (const e of batch) counts[e.type] = (counts[e.type] ?? 0) + 1;
  }
  const bets = counts.bet ?? 1;
  return Object.fromEntries(Object.entries(counts).map(([type, n]) => [type, n / bets]));
}

const ms = (since: number) => Math.round(performance.now() - since);

async function load(
  db: Database,
  ratio: Record<string, number>,
): Promise<{ cid: number; times: Record<string, number> }> {
  const times: Record<string, number> = {};
  const timed = async (name: string, text: string, params: unknown[] = []) => {
    const t0 = performance.now();
    await db.query(text, params);
    times[name] = ms(t0);
  };
  const { rows } = await db.query<{ cid: number }>(
    `INSERT INTO company (name, operator_type, base_currency, time_zone) VALUES ('Bench', 1, 'USD', $1) RETURNING cid`,
    [ZONE],
  );
  const cid = rows[0]?.cid as number;
  const span = `(($2::date::timestamp AT TIME ZONE '${ZONE}') + (i::float8 / $3) * interval '${DAYS} days')`;
  // Member of event i: spread over all members; members k, k+1, k+2 share IPs, k..k+4 devices (rings).
  const member = (n: string) => `((i::bigint * 7919 + ${n}) % ${MEMBERS} + 1)`;
  const count = (type: string) => Math.round(BETS * (ratio[type] ?? 0));
  await timed(
    'member',
    `INSERT INTO member (cid, member_id, nick_name, account, mobile, vip_level, register_ip, register_device, registered_at, first_seen_at, last_seen_at)
     SELECT $1, 'm' || i, 'nick' || i, 'acc' || i, '09' || lpad(i::text, 8, '0'), i % 8, '10.1.' || (i / 3 % 250) || '.' || (i / 750 % 250),
            'dev' || (i / 5), $2::date, $2::date, $2::date + ${DAYS} FROM generate_series(1, ${MEMBERS}) i`,
    [cid, FIRST_DAY],
  );
  await timed(
    'game',
    `INSERT INTO game (cid, game_id, name, game_type) SELECT $1, 'g' || i, 'Game ' || i, 'type' || (i % 6) FROM generate_series(0, ${GAMES - 1}) i`,
    [cid],
  );
  await timed(
    'bet',
    `INSERT INTO bet (cid, member_id, at, id, game_id, round_id, stake, payout, currency, stake_base, payout_base, side, game_type)
     SELECT $1, 'm' || ${member('0')}, ${span}, 'b' || i, 'g' || (i % ${GAMES}), 'r' || (i / 3), s, p, 'USD', s, p, 'side' || (i % 3), 'type' || (i % ${GAMES} % 6)
       FROM generate_series(1, $3::int) i, LATERAL (SELECT ((i % 50) + 1)::numeric AS s) st,
            LATERAL (SELECT CASE WHEN i % 3 = 0 THEN s * 2.8 ELSE 0 END AS p) pt`,
    [cid, FIRST_DAY, BETS],
  );
  await timed(
    'login',
    `INSERT INTO login (cid, member_id, at, id, ip, device, success)
     SELECT $1, 'm' || mm, ${span}, 'l' || i, ('10.1.' || (mm / 3 % 250) || '.' || (mm / 750 % 250))::inet, 'dev' || (mm / 5), i % 20 <> 0
       FROM generate_series(1, $3::int) i, LATERAL (SELECT ${member('13')} AS mm) x`,
    [cid, FIRST_DAY, count('login')],
  );
  await timed(
    'registration',
    `INSERT INTO registration (cid, member_id, at, id, ip, device)
     SELECT $1, 'm' || i, $2::date::timestamp AT TIME ZONE '${ZONE}', 'g' || i, ('10.1.' || (i / 3 % 250) || '.' || (i / 750 % 250))::inet, 'dev' || (i / 5)
       FROM generate_series(1, ${MEMBERS}) i`,
    [cid, FIRST_DAY],
  );
  await timed(
    'purchase',
    `INSERT INTO purchase (cid, member_id, at, id, amount, currency, amount_base, platform, payment_name, category)
     SELECT $1, 'm' || ${member('29')}, ${span}, 'p' || i, (i % 20 + 1) * 10, 'USD', (i % 20 + 1) * 10, 'platform' || (i % 3), 'pay' || (i % 7), 'cat' || (i % 4)
       FROM generate_series(1, $3::int) i`,
    [cid, FIRST_DAY, count('purchase')],
  );
  await timed(
    'transfer',
    `INSERT INTO transfer (cid, member_id, at, id, amount, currency, amount_base, direction, counterparty_id)
     SELECT $1, 'm' || ${member('31')}, ${span}, 't' || i, (i % 30 + 1) * 5, 'USD', (i % 30 + 1) * 5, CASE WHEN i % 2 = 0 THEN 'in' ELSE 'out' END, 'm' || ${member('97')}
       FROM generate_series(1, $3::int) i`,
    [cid, FIRST_DAY, count('transfer')],
  );
  await timed(
    'bonus',
    `INSERT INTO bonus (cid, member_id, at, id, points, category, event_name)
     SELECT $1, 'm' || ${member('37')}, ${span}, 'o' || i, (i % 10 + 1) * 5, 'cat' || (i % 3), 'event' || (i % 9)
       FROM generate_series(1, $3::int) i`,
    [cid, FIRST_DAY, count('bonus')],
  );
  const day = `(at AT TIME ZONE '${ZONE}')::date`;
  const memberSums = (bucket: string) => `
    SELECT member_id, ${bucket} AS b, count(*) AS bets, count(*) FILTER (WHERE payout > stake) AS wins, sum(stake) AS stake, sum(payout) AS payout,
      0 AS purchases, 0 AS purchase, 0 AS tin, 0 AS tin_amount, 0 AS tout, 0 AS tout_amount, 0 AS bonuses, 0 AS points, 0 AS logins, 0 AS failed
      FROM bet WHERE cid = $1 GROUP BY 1, 2
    UNION ALL SELECT member_id, ${bucket}, 0, 0, 0, 0, count(*), sum(amount), 0, 0, 0, 0, 0, 0, 0, 0 FROM purchase WHERE cid = $1 GROUP BY 1, 2
    UNION ALL SELECT member_id, ${bucket}, 0, 0, 0, 0, 0, 0, count(*) FILTER (WHERE direction = 'in'), COALESCE(sum(amount) FILTER (WHERE direction = 'in'), 0),
      count(*) FILTER (WHERE direction = 'out'), COALESCE(sum(amount) FILTER (WHERE direction = 'out'), 0), 0, 0, 0, 0 FROM transfer WHERE cid = $1 GROUP BY 1, 2
    UNION ALL SELECT member_id, ${bucket}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*), sum(points), 0, 0 FROM bonus WHERE cid = $1 GROUP BY 1, 2
    UNION ALL SELECT member_id, ${bucket}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*) FILTER (WHERE success), count(*) FILTER (WHERE NOT success) FROM login WHERE cid = $1 GROUP BY 1, 2`;
  for (const [table, bucket, column] of [
    ['member_day', day, 'day'],
    ['member_hour', "date_trunc('hour', at)", 'hour'],
  ] as const) {
    await timed(
      table,
      `INSERT INTO ${table} (cid, member_id, ${column}, bets, wins, stake, payout, stake_base, payout_base, purchases, purchase_amount, purchase_base,
         transfers_in, transfer_in_amount, transfer_in_base, transfers_out, transfer_out_amount, transfer_out_base, bonuses, bonus_points, logins, failed_logins)
       SELECT $1, member_id, b, sum(bets), sum(wins), sum(stake), sum(payout), sum(stake), sum(payout), sum(purchases), sum(purchase), sum(purchase),
         sum(tin), sum(tin_amount), sum(tin_amount), sum(tout), sum(tout_amount), sum(tout_amount), sum(bonuses), sum(points), sum(logins), sum(failed)
       FROM (${memberSums(bucket)}) x GROUP BY member_id, b`,
      [cid],
    );
  }
  for (const [table, bucket, column] of [
    ['game_day', day, 'day'],
    ['game_hour', "date_trunc('hour', at)", 'hour'],
  ] as const) {
    await timed(
      table,
      `INSERT INTO ${table} (cid, game_id, ${column}, bets, wins, rounds, players, stake, payout, stake_base, payout_base)
       SELECT $1, game_id, ${bucket}, count(*), count(*) FILTER (WHERE payout > stake), count(DISTINCT round_id), count(DISTINCT member_id),
         sum(stake), sum(payout), sum(stake), sum(payout)
       FROM bet WHERE cid = $1 GROUP BY 2, 3`,
      [cid],
    );
  }
  await timed(
    'game_member_day',
    `INSERT INTO game_member_day (cid, game_id, day, member_id, bets, wins, stake, payout, stake_base, payout_base, first_at, last_at)
     SELECT $1, game_id, ${day}, member_id, count(*), count(*) FILTER (WHERE payout > stake), sum(stake), sum(payout), sum(stake), sum(payout), min(at), max(at)
     FROM bet WHERE cid = $1 GROUP BY 2, 3, 4`,
    [cid],
  );
  await timed(
    'ip_member_day',
    `INSERT INTO ip_member_day (cid, ip, day, member_id, logins, failed_logins, first_at, last_at)
     SELECT $1, ip, ${day}, member_id, count(*) FILTER (WHERE success), count(*) FILTER (WHERE NOT success), min(at), max(at)
     FROM login WHERE cid = $1 GROUP BY 2, 3, 4`,
    [cid],
  );
  await timed('analyze', 'VACUUM ANALYZE');
  return { cid, times };
}

interface Recorded {
  text: string;
  values: unknown[];
}

/** The database with every statement recorded (for its plan). */
function recording(db: Database, log: Recorded[]): Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'query') {
        return (text: string, values?: unknown[]) => {
          log.push({ text, values: values ?? [] });
          return target.query(text, values);
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The scans of a plan (node type, table, index), the shape that tells rollup/index from raw scan. */
function scans(node: PlanNode, out: string[] = []): string[] {
  if (node['Relation Name']) {
    out.push(`${node['Node Type']} ${node['Relation Name']}${node['Index Name'] ? ` (${node['Index Name']})` : ''}`);
  }
  for (const child of node.Plans ?? []) scans(child, out);
  return out;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main() {
  const ratio = proportions();
  console.log(`proportions per bet: ${JSON.stringify(ratio)}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-bench-check-'));
  const cluster = KIND === 'postgres' && !URL_ ? await startPgCluster() : undefined;
  const url = URL_ || (cluster ? await cluster.createDatabase('pitboss_check') : undefined);
  const db = await openDatabase({ url, dataDir });
  try {
    let cid = CID;
    if (!URL_) {
      await migrate(db);
      const t0 = performance.now();
      const loaded = await load(db, ratio);
      cid = loaded.cid;
      console.log(
        `loaded ${BETS} bets, ${MEMBERS} members, ${DAYS} days in ${ms(t0)} ms: ${JSON.stringify(loaded.times)}`,
      );
    }
    const { rows: counts } = await db.query<{ t: string; n: number }>(
      `SELECT 'bet' AS t, count(*) AS n FROM bet UNION ALL SELECT 'login', count(*) FROM login UNION ALL SELECT 'purchase', count(*) FROM purchase
       UNION ALL SELECT 'transfer', count(*) FROM transfer UNION ALL SELECT 'bonus', count(*) FROM bonus UNION ALL SELECT 'member_day', count(*) FROM member_day
       UNION ALL SELECT 'game_member_day', count(*) FROM game_member_day UNION ALL SELECT 'ip_member_day', count(*) FROM ip_member_day`,
    );
    console.log(`rows: ${counts.map((r) => `${r.t} ${r.n}`).join(', ')}`);
    if (SERVE && url) {
      console.log(`serving ${url} (company ${cid}) until interrupted`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      return;
    }

    const log: Recorded[] = [];
    const tools = new CheckToolsService(recording(db, log));
    const auth = { cid } as AuthContext;
    const end = new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const start = new Date(Date.parse(`${end}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
    const range = { Start: start, End: end };
    const one = { ...range, MemberIDs: ['m4242'] };
    const p = <T extends z.ZodType>(schema: T, body: Record<string, unknown>) => schema.parse(body) as z.output<T>;
    const calls: [string, () => Promise<unknown>][] = [
      ['member (search, mobile)', () => tools.members(auth, p(S.MemberSearchBody, { ...range, Mobile: '0900004' }))],
      ['overview', () => tools.overview(auth, p(S.OverviewBody, range))],
      ['winlose/tool-winlose', () => tools.games(auth, p(S.ToolWinLoseBody, range))],
      ['winlose-sort', () => tools.winLoseSort(auth, p(S.WinLoseSortBody, range))],
      ['winlose/member-by-time', () => tools.memberByTime(auth, p(S.MemberByTimeBody, range))],
      ['game-by-time', () => tools.gameByTime(auth, p(S.GameByTimeBody, { ...range, GameID: 'g7' }))],
      ['winlose-member-detail', () => tools.rounds(auth, p(S.WinLoseMemberDetailBody, range))],
      ['event', () => tools.events(auth, p(S.EventBody, range))],
      ['event-v2', () => tools.eventsV2(auth, p(S.EventV2Body, range))],
      ['event/detail (page 100000)', () => tools.eventDetail(auth, p(S.EventDetailBody, range))],
      ['overview/event-vt', () => tools.eventVt(auth, p(S.EventVtBody, range))],
      ['purchase', () => tools.purchases(auth, p(S.PurchaseBody, range))],
      ['trade', () => tools.trades(auth, p(S.TradeBody, range))],
      ['member/log-member', () => tools.logins(auth, p(S.MemberLoginsBody, range))],
      ['overview/other (1 member)', () => tools.linked(auth, p(S.LinkedAccountsBody, one))],
      ['overview (1 member)', () => tools.overview(auth, p(S.OverviewBody, one))],
      ['winlose-member-detail (1 member)', () => tools.rounds(auth, p(S.WinLoseMemberDetailBody, one))],
      ['winlose/member-by-time (1 member)', () => tools.memberByTime(auth, p(S.MemberByTimeBody, one))],
      ['overview/event-vt (1 member)', () => tools.eventVt(auth, p(S.EventVtBody, one))],
      ['member/log-member (1 member)', () => tools.logins(auth, p(S.MemberLoginsBody, one))],
      ['event/categories', () => tools.eventCategories(auth)],
      ['purchase/platforms', () => tools.purchaseValues(auth, 'platform')],
    ];
    console.log(`\n${KIND}, range ${start}..${end} (31 days), ${RUNS} runs each after one warm-up`);
    console.log('call | p50 ms | p95 ms | plan (scans)');
    for (const [name, run] of calls) {
      if (ONLY && !name.includes(ONLY)) continue;
      log.length = 0;
      await run();
      const statements = [...log];
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await run();
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      const shapes: string[] = [];
      for (const s of statements) {
        if (!/^\s*(WITH|SELECT)/i.test(s.text) || /FROM company WHERE/.test(s.text)) continue;
        if (ANALYZE) {
          const { rows: text } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${s.text}`, s.values);
          console.log(`${name}:\n${text.map((r) => r['QUERY PLAN']).join('\n')}\n`);
        }
        const { rows: plan } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (FORMAT JSON) ${s.text}`,
          s.values,
        );
        const root = plan[0]?.['QUERY PLAN'][0].Plan;
        if (root) shapes.push([...new Set(scans(root))].join(', '));
      }
      console.log(
        `${name} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} | ${shapes.join(' ‖ ')}`,
      );
    }
  } finally {
    await db.close();
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
