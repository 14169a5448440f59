import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toListEnvelope } from './envelope';
import { intListParam, PageQuery, sortParam } from './envelope.schemas';

describe('list helpers', () => {
  it('wrap rows in the spec envelope with the total', () => {
    expect(toListEnvelope([{ a: 1 }], 7)).toEqual({
      status: 0,
      data: { recordsets: [[{ a: 1 }]], recordset: [{ a: 1 }], output: { cnt: 7 }, rowsAffected: [1], returnValue: 0 },
      cnt: 7,
    });
  });

  it('page 1 of 25 by default, and refuse 0 or a million', () => {
    expect(PageQuery.parse({})).toEqual({ page: 1, pageSize: 25 });
    expect(PageQuery.safeParse({ pageSize: '0' }).success).toBe(false);
    expect(PageQuery.safeParse({ pageSize: '1000000' }).success).toBe(false);
  });

  it('parse a sort and refuse an unknown field', () => {
    const sort = sortParam(['CreateDate', 'MemberID'], 'CreateDate Desc');
    expect(sort.parse(undefined)).toEqual({ field: 'CreateDate', order: 'Desc' });
    expect(sort.parse('MemberID Asc')).toEqual({ field: 'MemberID', order: 'Asc' });
    expect(sort.safeParse('password Asc').success).toBe(false);
    expect(sort.safeParse('MemberID sideways').success).toBe(false);
  });

  it('parse integer lists from commas or repeats', () => {
    const schema = z.object({ t: intListParam() });
    expect(schema.parse({ t: '1,2' }).t).toEqual([1, 2]);
    expect(schema.parse({ t: ['3', '4'] }).t).toEqual([3, 4]);
    expect(schema.parse({}).t).toBeUndefined();
    expect(schema.safeParse({ t: '1,x' }).success).toBe(false);
  });
});
