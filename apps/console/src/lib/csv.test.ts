import { describe, expect, it } from 'vitest';
import { collectCsv, collectRows, csvCell, toCsv } from './csv';
import { pageFromEnvelope } from './list-page';

describe('csv', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell(null)).toBe('');
    expect(toCsv([{ title: 'ID', value: (r: { id: string }) => r.id }], [{ id: 'm1' }])).toBe('\uFEFFID\r\nm1\r\n');
  });

  it('collects every page of the query up to the cap, reporting progress', async () => {
    const all = Array.from({ length: 2500 }, (_, i) => ({ id: i }));
    const requests: unknown[] = [];
    const progress: [number, number][] = [];
    const result = await collectRows({
      fetchPage: async (request) => {
        requests.push(request);
        const start = (request.page - 1) * request.pageSize;
        return { rows: all.slice(start, start + request.pageSize), total: all.length };
      },
      sort: 'CreateDate Desc',
      signal: new AbortController().signal,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(result.rows).toHaveLength(2500);
    expect(result.capped).toBe(false);
    expect(requests).toEqual([1, 2, 3].map((page) => ({ page, pageSize: 1000, sort: 'CreateDate Desc' })));
    expect(progress).toEqual([
      [1000, 2500],
      [2000, 2500],
      [2500, 2500],
    ]);

    const capped = await collectRows({
      fetchPage: async (r) => ({ rows: all.slice((r.page - 1) * r.pageSize, r.page * r.pageSize), total: all.length }),
      maxRows: 1500,
      signal: new AbortController().signal,
    });
    expect(capped.rows).toHaveLength(1500);
    expect(capped.capped).toBe(true);
  });

  it('writes the export page by page, the same text as the whole list at once, up to the cap', async () => {
    const all = Array.from({ length: 2500 }, (_, i) => ({ id: i % 7 === 0 ? `=m${i}` : `m${i}`, memo: `a, "${i}"` }));
    const columns = [
      { title: 'MemberID', value: (r: (typeof all)[number]) => r.id },
      { title: 'Memo', value: (r: (typeof all)[number]) => r.memo },
    ];
    const fetchPage = async (r: { page: number; pageSize: number }) => ({
      rows: all.slice((r.page - 1) * r.pageSize, r.page * r.pageSize),
      total: all.length,
    });
    const progress: [number, number][] = [];
    const whole = await collectCsv({
      columns,
      fetchPage,
      signal: new AbortController().signal,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(whole.parts).toHaveLength(4);
    expect(whole.parts.join('')).toBe(toCsv(columns, all));
    expect(whole).toMatchObject({ count: 2500, capped: false });
    expect(progress.at(-1)).toEqual([2500, 2500]);

    const capped = await collectCsv({ columns, fetchPage, maxRows: 1500, signal: new AbortController().signal });
    expect(capped.parts.join('')).toBe(toCsv(columns, all.slice(0, 1500)));
    expect(capped).toMatchObject({ count: 1500, capped: true });

    const empty = await collectCsv({
      columns,
      fetchPage: async () => ({ rows: [], total: 0 }),
      signal: new AbortController().signal,
    });
    expect(empty.parts.join('')).toBe('\uFEFFMemberID,Memo\r\n');
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      collectRows({ fetchPage: async () => ({ rows: [], total: 0 }), signal: controller.signal }),
    ).rejects.toThrow();
  });

  it('reads the spec list envelope as a page', () => {
    const envelope = {
      status: 0,
      data: { recordsets: [[{ a: 1 }]], recordset: [{ a: 1 }], output: { cnt: 40 }, rowsAffected: [1], returnValue: 0 },
    };
    expect(pageFromEnvelope(envelope)).toEqual({ rows: [{ a: 1 }], total: 40 });
    expect(pageFromEnvelope({ ...envelope, cnt: 41 })).toEqual({ rows: [{ a: 1 }], total: 41 });
  });
});
