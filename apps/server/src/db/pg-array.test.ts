import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/test-app';
import { numberArray, textArray } from './pg-array';

describeEachDatabase('array literals', (t) => {
  it('round-trip awkward text, numbers and nulls exactly', async () => {
    const texts = [
      'plain',
      '',
      'NULL',
      'null',
      'a,b',
      'x"y',
      'back\\slash',
      '{brace}',
      ' spaced ',
      'ünï©ødé',
      'tab\there',
      'line\nbreak',
      null,
    ];
    const { rows } = await t.db.query<{ v: string | null }>('SELECT unnest($1::text[]) AS v', [textArray(texts)]);
    expect(rows.map((r) => r.v)).toEqual(texts);
    const numbers = [0, -1.5, 1e-7, 12345678901234.5, '10.94603086421', null];
    const { rows: n } = await t.db.query<{ v: string | null }>('SELECT unnest($1::numeric[])::text AS v', [
      numberArray(numbers),
    ]);
    expect(n.map((r) => r.v)).toEqual(['0', '-1.5', '0.0000001', '12345678901234.5', '10.94603086421', null]);
    const { rows: b } = await t.db.query<{ v: boolean }>('SELECT unnest($1::boolean[]) AS v', [
      textArray([true, false]),
    ]);
    expect(b.map((r) => r.v)).toEqual([true, false]);
    const { rows: ts } = await t.db.query<{ v: string }>('SELECT unnest($1::timestamptz[]) AS v', [
      textArray(['2026-11-22T08:00:00.250+08:00', '2026-11-22T00:00:00Z']),
    ]);
    expect(ts.map((r) => r.v)).toEqual(['2026-11-22T00:00:00.250Z', '2026-11-22T00:00:00.000Z']);
  });
});
