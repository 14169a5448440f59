import v8 from 'node:v8';
import vm from 'node:vm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, tokenFor } from '../../testing/users';

/**
 * `Export: 'csv' | 'xlsx'` on a check-tool list: the whole result (every page, in the sort) as a file,
 * streamed from a cursor. A large export of rounds has as many rows as the list's total and sums to its
 * totals, while the server's heap grows by far less than the file it sends (the rows are not held).
 */
const BASE = '/api/v2/check-tool';

/**
 * The memory still reachable after a full collection, JavaScript heap and buffers (the file's chunks
 * are buffers): what the process holds, garbage aside.
 */
function retainedMemory(): number {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}
const DAY = { Start: '2026-11-11', End: '2026-11-11' };

/** The fields of one CSV line (quoted fields may hold commas and doubled quotes). */
function csvLine(line: string): string[] {
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => {
    const field = m[1] ?? '';
    return field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
  });
}

describeEachDatabase('check-tool exports', (t) => {
  let cid: number;
  let viewer: string;
  // A large result on PostgreSQL; the embedded database (one connection, slower inserts) a smaller one.
  const rows = () => (t.kind === 'postgres' ? 300_000 : 20_000);

  beforeAll(async () => {
    cid = await addCompany(t, 'Export Co');
    viewer = await tokenFor(t, 'export-viewer', 'viewer', cid);
    // Bets 50 ms apart from 04:00 UTC: within the local day 2026-11-11 of any zone from UTC-4 to UTC+8.
    await t.db.query(
      `INSERT INTO bet (cid, member_id, at, id, game_id, round_id, stake, payout, currency, stake_base, payout_base, side)
       SELECT $1, 'm' || (i % 400), timestamptz '2026-11-11T04:00:00Z' + i * interval '50 milliseconds', 'b' || i,
              'g' || (i % 7), 'r' || i, (i % 100) + 0.25, (i % 30), 'USD', (i % 100) + 0.25, (i % 30),
              CASE WHEN i % 11 = 0 THEN 'a, "quoted" side' END
         FROM generate_series(1, $2::int) i`,
      [cid, rows()],
    );
    // The rollups ingest would have kept with them (the list's count and totals read them).
    const day = `(at AT TIME ZONE (SELECT time_zone FROM company WHERE cid = $1))::date`;
    await t.db.query(
      `INSERT INTO game_day (cid, game_id, day, bets, rounds, stake, payout, stake_base, payout_base)
       SELECT $1, game_id, ${day}, count(*), count(*), sum(stake), sum(payout), sum(stake_base), sum(payout_base)
         FROM bet WHERE cid = $1 GROUP BY 2, 3`,
      [cid],
    );
    await t.db.query(
      `INSERT INTO game_member_day (cid, game_id, day, member_id, bets, stake, payout, stake_base, payout_base, first_at, last_at)
       SELECT $1, game_id, ${day}, member_id, count(*), sum(stake), sum(payout), sum(stake_base), sum(payout_base), min(at), max(at)
         FROM bet WHERE cid = $1 GROUP BY 2, 3, 4`,
      [cid],
    );
  }, 120_000);

  const listTotals = async (body: Record<string, unknown>) => {
    const res = await t.call({
      method: 'POST',
      url: `${BASE}/winlose-member-detail`,
      token: viewer,
      payload: { ...DAY, PageSize: 1, ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    return { cnt: json.cnt as number, totals: json.data.output.Totals as Record<string, number> };
  };

  it('CSV: every row of the result, as many as the total, summing to the totals, streamed', async () => {
    const { cnt, totals } = await listTotals({});
    expect(cnt).toBe(rows());
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}${BASE}/winlose-member-detail`, {
      method: 'POST',
      headers: { authorization: `Bearer ${viewer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...DAY, PageSize: 1, sort: 'CreateDate Asc', Export: 'csv' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('rounds_2026-11-11_2026-11-11.csv');

    const baseline = retainedMemory();
    let peak = baseline;
    let bytes = 0;
    let nextSample = 2_000_000;
    let lines = 0;
    let header: string[] | undefined;
    let stakeCents = 0;
    let previous = '';
    let rest = '';
    const decoder = new TextDecoder();
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes >= nextSample) {
        // Mid-stream, every 4 MB: what the server (and this reader) hold while rows are still coming.
        peak = Math.max(peak, retainedMemory());
        nextSample += 4_000_000;
      }
      const text = rest + decoder.decode(value, { stream: true });
      const parts = text.split('\r\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        if (!header) {
          header = line.replace(/^\uFEFF/, '').split(',');
          continue;
        }
        lines++;
        const cells = csvLine(line);
        stakeCents += Math.round(Number(cells[header.indexOf('StakeBase')]) * 100);
        const at = cells[header.indexOf('CreateDate')] ?? '';
        if (at < previous) throw new Error(`not in the sort: ${at} after ${previous}`);
        previous = at;
      }
    }
    expect(rest).toBe('');
    expect(header?.slice(0, 4)).toEqual(['ID', 'RoundID', 'GameID', 'GameName']);
    expect(lines).toBe(cnt);
    expect(stakeCents).toBe(Math.round((totals.Bet ?? Number.NaN) * 100));
    // Held whole, the rows would take more than the file (objects, not bytes); streamed, what stays
    // reachable mid-stream is a few batches. Only measured where the file is large enough to tell.
    if (t.kind === 'postgres') {
      expect(bytes).toBeGreaterThan(20_000_000);
      expect(peak - baseline).toBeLessThan(bytes / 5);
    }
  }, 180_000);

  it('XLSX: a workbook whose sheet holds the header and every row, numbers as numbers', async () => {
    const { cnt, totals } = await listTotals({ MemberIDs: ['m7', 'm8'] });
    expect(cnt).toBeGreaterThan(0);
    const res = await t.call({
      method: 'POST',
      url: `${BASE}/winlose-member-detail`,
      token: viewer,
      payload: { ...DAY, MemberIDs: ['m7', 'm8'], Export: 'xlsx' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] as Uint8Array);
    expect(sheet.match(/<row /g)?.length).toBe(cnt + 1);
    expect(sheet).toContain('<t xml:space="preserve">StakeBase</t>');
    expect(sheet).toContain('a, &quot;quoted&quot; side');
    const header = [...(sheet.match(/<row r="1">(.*?)<\/row>/)?.[1] ?? '').matchAll(/<t[^>]*>(.*?)<\/t>/g)].map(
      (m) => m[1],
    );
    const col = String.fromCharCode(65 + header.indexOf('StakeBase'));
    const stakes = [...sheet.matchAll(new RegExp(`<c r="${col}\\d+"><v>([^<]+)</v>`, 'g'))].map((m) => Number(m[1]));
    expect(stakes).toHaveLength(cnt);
    expect(Math.round(stakes.reduce((a, b) => a + b * 100, 0))).toBe(Math.round((totals.Bet ?? Number.NaN) * 100));
  });

  it('an unknown format is a 400 naming Export; a list without Export still answers its page', async () => {
    const bad = await t.call({
      method: 'POST',
      url: `${BASE}/overview`,
      token: viewer,
      payload: { ...DAY, Export: 'pdf' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Export');
    const { cnt } = await listTotals({ MemberIDs: ['m1'] });
    expect(cnt).toBe(rows() / 400);
  });

  it('overview finds members by mobile and by account (member search keys 3 and 4)', async () => {
    await t.db.query(
      `INSERT INTO member (cid, member_id, nick_name, account, mobile, first_seen_at, last_seen_at)
       VALUES ($1, 'm7', 'Seven', 'acc-Seven', '0912345678', now(), now()), ($1, 'm8', 'Eight', 'acc-eight', '0987654321', now(), now()),
              ($1, 'quiet', 'Quiet', 'acc-quiet', '0912399999', now(), now())`,
      [cid],
    );
    const overview = async (body: Record<string, unknown>) => {
      const res = await t.call({
        method: 'POST',
        url: `${BASE}/overview`,
        token: viewer,
        payload: { ...DAY, ...body },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.recordset as { MemberID: string }[];
    };
    const m7 = await overview({ Mobile: '2345' });
    expect(m7.map((r) => r.MemberID)).toEqual(['m7']);
    // (The bets here were written without rollups: the figures are the simulator test's concern.)
    expect((await overview({ Account: 'SEVEN' })).map((r) => r.MemberID)).toEqual(['m7']);
    // Found by mobile, a member without activity in the range still shows (with zeros).
    expect((await overview({ Mobile: '09123', sort: 'MemberID Asc' })).map((r) => r.MemberID)).toEqual(['m7', 'quiet']);
    expect(await overview({ Mobile: '0000000' })).toEqual([]);
  });

  it('linked accounts (ranked in the service) export every row too', async () => {
    const res = await t.call({
      method: 'POST',
      url: `${BASE}/overview/other`,
      token: viewer,
      payload: { ...DAY, MemberIDs: ['m1'], Export: 'csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('');
  });
});
