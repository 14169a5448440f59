import { describe, expect, it } from 'vitest';
import {
  applyAnswer,
  applyRefusals,
  type BulkEntry,
  checkEntries,
  entriesFromText,
  isTooMany,
  sendable,
  summarise,
} from './bulk-entries';
import { entriesFromCsv } from './csv-entries';

const tooLong = (e: BulkEntry) => (e.key.length > 5 ? { code: 'tooLong', values: { max: 5 } } : undefined);

describe('bulk entries', () => {
  it('come from pasted text with the line of each value', () => {
    expect(entriesFromText('m1, m2\n\n m3;m4\tm5\r\n')).toEqual([
      { line: 1, key: 'm1', memo: '' },
      { line: 1, key: 'm2', memo: '' },
      { line: 3, key: 'm3', memo: '' },
      { line: 3, key: 'm4', memo: '' },
      { line: 3, key: 'm5', memo: '' },
    ]);
  });

  it('come from a CSV file with a header naming the columns, in any order', () => {
    const csv = '\uFEFFNickName,Memo,Member ID\r\nAnn,"late, twice",m1\r\nBob,,m2\r\n';
    expect(entriesFromCsv(csv, { keyHeaders: ['MemberID'] })).toEqual([
      { line: 2, key: 'm1', memo: 'late, twice' },
      { line: 3, key: 'm2', memo: '' },
    ]);
  });

  it('come from a CSV file without a header: key first, memo second', () => {
    expect(entriesFromCsv('m1,first\nm2\n,blank key', { keyHeaders: ['MemberID'] })).toEqual([
      { line: 1, key: 'm1', memo: 'first' },
      { line: 2, key: 'm2', memo: '' },
      { line: 3, key: '', memo: 'blank key' },
    ]);
  });

  it('are checked: blank, invalid and repeated entries are skipped, the first of a repeat kept', () => {
    const entries = entriesFromCsv('a\n\nb\ntoolong\nA\na', { keyHeaders: ['x'] });
    const checked = checkEntries([...entries, { line: 9, key: '', memo: '' }], tooLong, (key) => key.toLowerCase());
    expect(checked.map((e) => [e.key, e.problem?.code])).toEqual([
      ['a', undefined],
      ['b', undefined],
      ['toolong', 'tooLong'],
      ['A', 'duplicate'],
      ['a', 'duplicate'],
      ['', 'blank'],
    ]);
    expect(checked[3]?.problem?.values).toEqual({ line: 1 });
    expect(sendable(checked).map((e) => e.key)).toEqual(['a', 'b']);
    expect(summarise(checked)).toMatchObject({ total: 6, toSend: 2, skipped: 4 });
  });

  it('take the answer: added, already listed; refused ones can be left out of a second try', () => {
    const checked = checkEntries(entriesFromText('m1 m2 m3 m4 bad-one-too-long'), tooLong);
    const sent = sendable(checked);
    const refused = applyRefusals(checked, sent, new Map([[1, { code: 'MEMBER_ON_WHITELIST' }]]));
    expect(refused[1]).toMatchObject({ key: 'm2', outcome: 'refused', problem: { code: 'MEMBER_ON_WHITELIST' } });
    expect(summarise(refused)).toMatchObject({ toSend: 3, refused: 1, skipped: 1 });

    const second = sendable(refused);
    expect(second.map((e) => e.key)).toEqual(['m1', 'm3', 'm4']);
    const done = applyAnswer(refused, second, { added: ['m1', 'm4'], alreadyListed: ['m3'] });
    expect(done.map((e) => e.outcome)).toEqual(['added', 'refused', 'alreadyListed', 'added', undefined]);
    expect(summarise(done)).toEqual({ total: 5, toSend: 0, skipped: 1, added: 2, alreadyListed: 1, refused: 1 });
  });

  it('match the answer canonically and say when one request cannot hold them', () => {
    const entries = checkEntries(entriesFromText('2001:DB8::1'), () => undefined);
    const done = applyAnswer(entries, entries, { added: ['2001:db8::1'], alreadyListed: [] }, (k) => k.toLowerCase());
    expect(done[0]?.outcome).toBe('added');
    const many = Array.from({ length: 10_001 }, (_, i) => ({ line: i + 1, key: `m${i}`, memo: '' }));
    expect(isTooMany(many)).toBe(true);
    expect(isTooMany(many.slice(1))).toBe(false);
  });
});
