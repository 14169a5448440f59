import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';
import { guessDelimiter, headerKey, parseCsv, unguardCell } from './csv-parse';

describe('csv parsing', () => {
  it('reads quoted cells, doubled quotes, new lines inside quotes and either line end', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",z\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', 'z'],
    ]);
  });

  it('drops the byte-order mark and blank lines, and keeps a last line without a line end', () => {
    expect(parseCsv('\uFEFFMemberID\r\n\r\nm1\r\n  \r\nm2')).toEqual([['MemberID'], ['m1'], ['m2']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('guesses comma, semicolon or tab from the first line', () => {
    expect(guessDelimiter('a;b;c\n1,2')).toBe(';');
    expect(guessDelimiter('a\tb')).toBe('\t');
    expect(guessDelimiter('"a;b",c')).toBe(',');
    expect(guessDelimiter('single')).toBe(',');
    expect(parseCsv('MemberID;Memo\nm1;late; paid')).toEqual([
      ['MemberID', 'Memo'],
      ['m1', 'late', ' paid'],
    ]);
  });

  it('reads our own export back, formula guard undone', () => {
    const rows = [{ id: '-m1', memo: '=1+1, "quoted"' }];
    const text = toCsv(
      [
        { title: 'MemberID', value: (r: (typeof rows)[number]) => r.id },
        { title: 'Memo', value: (r: (typeof rows)[number]) => r.memo },
      ],
      rows,
    );
    const parsed = parseCsv(text).map((row) => row.map(unguardCell));
    expect(parsed).toEqual([
      ['MemberID', 'Memo'],
      ['-m1', '=1+1, "quoted"'],
    ]);
    expect(unguardCell(csvCell('plain'))).toBe('plain');
    expect(unguardCell("'quoted")).toBe("'quoted");
  });

  it('compares headers loosely', () => {
    expect(headerKey(' Member_ID ')).toBe('memberid');
    expect(headerKey('member-id')).toBe('memberid');
  });
});
