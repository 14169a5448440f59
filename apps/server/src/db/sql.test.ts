import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/test-app';
import { literal, numberArray, queryMany, RoundTrip, textArray } from './sql';

describeEachDatabase('statements in one round trip', (t) => {
  it('take any text as a literal, dollar signs, quotes and backslashes included', async () => {
    const texts = [
      "a'b",
      '$v$',
      'x$v0$y$v$',
      '$',
      'end$',
      '$v',
      'x$v',
      '$v0',
      'v$',
      '\\',
      "''",
      '$$',
      '$v1$$v0$$v$',
      'ü\n\t',
    ];
    const results = await queryMany<{ v: string }>(
      t.db,
      texts.map((text) => `SELECT ${literal(text)}::text AS v`),
    );
    expect(results.map((r) => r.rows[0]?.v)).toEqual(texts);
    const { rows } = await t.db.query<{ v: string }>(`SELECT unnest(${literal(textArray(texts))}::text[]) AS v`);
    expect(rows.map((r) => r.v)).toEqual(texts);
  });

  it('take any text made of the characters that matter to dollar quoting', async () => {
    const texts = fc.sample(
      fc.string({ unit: fc.constantFrom('$', 'v', '0', '1', 'x', "'", '\\', '"'), maxLength: 12 }),
      {
        numRuns: 500,
        seed: 11,
      },
    );
    const { rows } = await t.db.query<{ v: string }>(
      `SELECT v FROM unnest(ARRAY[${texts.map((text) => `${literal(text)}::text`).join(', ')}]) AS v`,
    );
    expect(rows.map((r) => r.v)).toEqual(texts);
  });

  it('run in order, each seeing the ones before, and hand each answer to its reader', async () => {
    const seen: number[] = [];
    await t.db.tx(async (sql) => {
      await new RoundTrip()
        .add('CREATE TEMP TABLE trip_test (n int) ON COMMIT DROP')
        .add('INSERT INTO trip_test VALUES (1), (2)')
        .add<{ n: number }>('SELECT count(*)::int AS n FROM trip_test', (r) => seen.push(r[0]?.n ?? -1))
        .add(undefined)
        .add<{ n: number }>('SELECT sum(n)::int AS n FROM trip_test', (r) => seen.push(r[0]?.n ?? -1))
        .run(sql);
    });
    expect(seen).toEqual([2, 3]);
  });

  it('stop at a failing statement, which fails the round trip and leaves the connection working', async () => {
    await expect(queryMany(t.db, ['SELECT 1', 'SELECT 1/0', 'SELECT 2'])).rejects.toThrow(/division by zero/);
    await expect(t.db.query('SELECT 1/$1::int', [0])).rejects.toThrow(/division by zero/);
    const { rows } = await t.db.query<{ n: number }>('SELECT 42 AS n');
    expect(rows).toEqual([{ n: 42 }]);
  });
});

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
