import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AddBlacklistMembersBody, UpdateBlacklistMemberBody } from '../blacklist/blacklist.schemas';
import { typeNameOf } from './member-list';
import { MemberIdsFilter } from './member-list.schemas';

describe('MemberIDs filter', () => {
  const schema = z.object({ MemberIDs: MemberIdsFilter });
  it('splits pasted text and repeated parameters', () => {
    expect(schema.parse({ MemberIDs: 'a, b\nc  a' }).MemberIDs).toEqual(['a', 'b', 'c']);
    expect(schema.parse({ MemberIDs: ['a', 'b,c'] }).MemberIDs).toEqual(['a', 'b', 'c']);
  });
  it('reads empty, * and -1 as no filter', () => {
    for (const v of [undefined, '', ' ', '*', '-1']) expect(schema.parse({ MemberIDs: v }).MemberIDs).toBeUndefined();
  });
  it('refuses too many or too long IDs', () => {
    expect(schema.safeParse({ MemberIDs: 'x'.repeat(65) }).success).toBe(false);
    const many = Array.from({ length: 10_001 }, (_, i) => `m${i}`).join(',');
    expect(schema.safeParse({ MemberIDs: many }).success).toBe(false);
  });
});

describe('blacklist bodies', () => {
  it('take IDs as text or numbers, trimmed', () => {
    const body = AddBlacklistMembersBody.parse({
      BlackMember_UDT: [{ MemberID: 123 }, { MemberID: ' m-1 ', Memo: ' note ', EventType: 3 }],
    });
    expect(body.BlackMember_UDT).toEqual([{ MemberID: '123' }, { MemberID: 'm-1', Memo: 'note', EventType: 3 }]);
  });
  it('refuse blank, long, too many, empty and unknown alert types', () => {
    const bad = (list: unknown) => AddBlacklistMembersBody.safeParse({ BlackMember_UDT: list }).success;
    expect(bad([{ MemberID: '  ' }])).toBe(false);
    expect(bad([{ MemberID: 'x'.repeat(65) }])).toBe(false);
    expect(bad([])).toBe(false);
    expect(bad(Array.from({ length: 10_001 }, (_, i) => ({ MemberID: `m${i}` })))).toBe(false);
    expect(bad([{ MemberID: 'a', EventType: 10 }])).toBe(false);
    expect(bad([{ MemberID: 'a', EventType: 0 }])).toBe(false);
    expect(bad([{ MemberID: 'a', EventType: 9 }])).toBe(true);
    expect(UpdateBlacklistMemberBody.safeParse({}).success).toBe(false);
    expect(UpdateBlacklistMemberBody.safeParse({ EventType: null }).success).toBe(true);
  });
  it('name alert types, or Manual', () => {
    expect(typeNameOf(1)).toBe('High ratio');
    expect(typeNameOf(null)).toBe('Manual');
  });
});
