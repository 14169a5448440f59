import { cidLiteral, literal, numberArrayLiteral, textArrayLiteral } from '../../../db/sql';
import type { ExactSum } from '../decimal';
import {
  type ColumnKind,
  compareKeys,
  type KeyType,
  type Merge,
  type RollupAccumulator,
  type RollupRow,
  type RollupSpec,
  type RollupValues,
} from './rollup-accumulator';

/** A round a batch bets on, with the time buckets of its earliest bet in the batch. */
export interface Round {
  gameId: string;
  roundId: string;
  atMs: number;
  hourMs: number;
  day: string;
}

/**
 * Of the rounds a batch bets on, those that have bets stored already (the others the batch opens). Runs
 * under the company's ingest lock, before the batch's bets are written, or after with `ownBetsWritten`:
 * then the bets this transaction wrote are not counted (`xmin`, the transaction that wrote the row). Answers `game_id` and
 * `round_id` of stored rounds (few: the new ones are about one per bet, a slot spin being a round).
 *
 * Per game, one index range scan from the batch's least to its greatest round id (bounds computed by
 * PostgreSQL, under the column's collation): rounds are numbered increasingly, so the range holds the
 * batch's stored rounds and few others. A game whose range holds more than `limit` stored bets is probed
 * round by round instead, in the same statement. Scalar subqueries, not EXISTS: with EXISTS the planner
 * hash-joins every bet of the company once the batch holds many rounds (65 ms at 170,000 bets, growing).
 */
export function storedRoundsStatement(cid: number, rounds: Round[], ownBetsWritten = false): string | undefined {
  if (rounds.length === 0) return undefined;
  const c = cidLiteral(cid);
  const byGame = new Map<string, string[]>();
  for (const round of rounds) {
    const ids = byGame.get(round.gameId);
    if (ids) ids.push(round.roundId);
    else byGame.set(round.gameId, [round.roundId]);
  }
  const largest = Math.max(...[...byGame.values()].map((ids) => ids.length));
  const limit = 4 * largest + 256;
  const values = [...byGame]
    .map(([game, ids], i) => `(${i + 1}, ${literal(game)}, ${textArrayLiteral(ids)})`)
    .join(', ');
  // An uncorrelated subquery: evaluated once per statement.
  const notOwn = ownBetsWritten ? ' AND t.xmin <> (SELECT pg_current_xact_id()::xid)' : '';
  return `WITH s(n, game_id, rounds) AS (VALUES ${values}),
       b AS (SELECT s.n, s.game_id, min(x) AS lo, max(x) AS hi FROM s, unnest(s.rounds) AS x GROUP BY s.n, s.game_id),
       r AS (SELECT b.n, b.game_id, x.round_id FROM b CROSS JOIN LATERAL (
               SELECT t.round_id FROM bet t
                WHERE t.cid = ${c} AND t.game_id = b.game_id AND t.round_id BETWEEN b.lo AND b.hi${notOwn} LIMIT ${limit}) x),
       over AS (SELECT n FROM r GROUP BY n HAVING count(*) >= ${limit})
     SELECT DISTINCT game_id, round_id FROM r WHERE n NOT IN (SELECT n FROM over)
     UNION ALL
     SELECT s.game_id, u.round_id FROM s JOIN over USING (n), unnest(s.rounds) AS u(round_id)
      WHERE (SELECT 1 FROM bet t WHERE t.cid = ${c} AND t.game_id = s.game_id AND t.round_id = u.round_id${notOwn} LIMIT 1) IS NOT NULL`;
}

type Column = RollupSpec['columns'][number];

const DAY_MS = 86_400_000;

/**
 * How a key or column travels in the statement: its array type and the expression turning the array's
 * element `u.<name>` into the column's type. Times and days we computed ourselves go as integers (epoch
 * milliseconds, days since 1970-01-01): PostgreSQL reads an integer about ten times faster than a
 * timestamp, and a batch sends thousands. `to_timestamp(ms / 1000.0)` is exact for whole milliseconds
 * (the double's error stays far below half a microsecond).
 */
const WIRE: Record<ColumnKind | KeyType, { array: string; read: (name: string) => string }> = {
  int: { array: 'int', read: (n) => `u.${n}` },
  int8: { array: 'int8', read: (n) => `u.${n}` },
  numeric: { array: 'numeric', read: (n) => `u.${n}` },
  float8: { array: 'float8', read: (n) => `u.${n}` },
  timestamptz: { array: 'int8', read: (n) => `to_timestamp(u.${n} / 1000.0)` },
  text: { array: 'text', read: (n) => `u.${n}` },
  date: { array: 'int', read: (n) => `DATE '1970-01-01' + u.${n}` },
  inet: { array: 'inet', read: (n) => `u.${n}` },
};

/** A key column as an array constant of its wire type. */
function keyArray(type: KeyType, values: (string | number)[]): string {
  const wire = WIRE[type].array;
  if (type === 'timestamptz') return numberArrayLiteral(values as number[], wire);
  if (type === 'date')
    return numberArrayLiteral(
      values.map((day) => Date.parse(`${day}T00:00:00Z`) / DAY_MS),
      wire,
    );
  return textArrayLiteral(values as string[], wire);
}

/** A value column as an array constant of its wire type (absent values are 0). */
function columnArray(kind: ColumnKind, values: (number | ExactSum | null | undefined)[]): string {
  return numberArrayLiteral(
    values.map((v) => (v === undefined || v === null ? 0 : typeof v === 'number' ? v : v.toString())),
    WIRE[kind].array,
  );
}

function mergeExpression(table: string, name: string, merge: Merge): string {
  switch (merge) {
    case 'sum':
      return `${name} = ${table}.${name} + EXCLUDED.${name}`;
    case 'or':
      return `${name} = ${table}.${name} | EXCLUDED.${name}`;
    case 'min':
      return `${name} = LEAST(${table}.${name}, EXCLUDED.${name})`;
    case 'max':
      return `${name} = GREATEST(${table}.${name}, EXCLUDED.${name})`;
  }
}

/** `SELECT <keys>, <columns>, ord FROM unnest(…)`: the rows as the table's types, every array a literal. */
function inputOf(spec: RollupSpec, rows: RollupRow[], columns: readonly Column[]): string {
  const arrays = [
    ...spec.keys.map(([, type], i) =>
      keyArray(
        type,
        rows.map((r) => r.key[i] as string | number),
      ),
    ),
    ...columns.map(([name, kind]) =>
      columnArray(
        kind,
        rows.map((r) => r.values[name]),
      ),
    ),
  ];
  const fields = [...spec.keys, ...columns].map(([name, type]) => `${WIRE[type].read(name)} AS ${name}`);
  const names = [...spec.keys, ...columns].map(([name]) => name);
  return `SELECT ${fields.join(', ')}, u.ord FROM unnest(${arrays.join(', ')}) WITH ORDINALITY AS u(${names.join(', ')}, ord)`;
}

function insertInto(spec: RollupSpec, cid: number, columns: readonly Column[]): string {
  const keyNames = spec.keys.map(([name]) => name);
  const all = [...keyNames, ...columns.map(([name]) => name)];
  return `INSERT INTO ${spec.table} AS t (cid, ${all.join(', ')})
       SELECT ${cidLiteral(cid)}, ${all.join(', ')} FROM input ORDER BY ord
       ON CONFLICT (cid, ${keyNames.join(', ')}) DO UPDATE SET
         ${columns.map(([name, , merge]) => mergeExpression('t', name, merge ?? 'sum')).join(',\n         ')}`;
}

/** Whether a row holds something in the column (a zero count or unset time adds nothing to a stored row). */
function holds(values: RollupValues, [name, kind, merge]: Column): boolean {
  const value = values[name];
  if (value === null || value === undefined) return false;
  if (typeof value !== 'number') return true;
  if (merge === 'min' || merge === 'max') return Number.isFinite(value);
  return kind === 'numeric' || value !== 0;
}

/** Shapes written by statements of their own; rows of the other shapes go together in one more. */
const SEPARATE_SHAPES = 3;

/**
 * Statements adding the accumulated rows into the table: one per shape (the column families its rows hold
 * something in), sending only those columns; the others keep their value, or their default 0 in a new
 * row. A member's hour of bets sends 6 of 20 columns. Families, not single columns: a statement costs
 * planning time, and a shape per combination of zero columns made some 40 per table.
 */
export function rollupStatements(cid: number, rollup: RollupAccumulator): string[] {
  const { spec } = rollup;
  const families = spec.families;
  const familyOf = spec.columns.map(([name]) => families?.[name] ?? '');
  const names = [...new Set(familyOf)];
  const shapes = new Map<string, RollupRow[]>();
  for (const row of rollup.sorted()) {
    const held = new Set<string>();
    if (families) {
      for (const [i, column] of spec.columns.entries()) if (holds(row.values, column)) held.add(familyOf[i] as string);
    }
    const mask = families ? names.map((f) => (held.has(f) ? '1' : '0')).join('') : '';
    const rows = shapes.get(mask);
    if (rows) rows.push(row);
    else shapes.set(mask, [row]);
  }
  // The commonest shapes alone; the rare ones (top-ups, transfers, bonuses) together, with every family
  // any of them holds.
  const ordered = [...shapes].sort((a, b) => b[1].length - a[1].length);
  const kept = ordered.slice(0, SEPARATE_SHAPES);
  const rest = ordered.slice(SEPARATE_SHAPES);
  if (rest.length > 0) {
    const union = names.map((_, f) => (rest.some(([mask]) => mask[f] === '1') ? '1' : '0')).join('');
    kept.push([union, rest.flatMap(([, rows]) => rows).sort((a, b) => compareKeys(a.key, b.key))]);
  }
  const statements: string[] = [];
  for (const [mask, rows] of kept) {
    const columns = families
      ? spec.columns.filter((_, i) => mask[names.indexOf(familyOf[i] as string)] === '1')
      : spec.columns;
    if (columns.length === 0) continue;
    statements.push(`WITH input AS (${inputOf(spec, rows, columns)}) ${insertInto(spec, cid, columns)}`);
  }
  return statements;
}

/**
 * A statement adding the rows and answering, for the distinct counts, the rows that are new, or whose
 * `watch` column (a bit set merged with OR) gains bits: `ord` (1-based position in `rows`), `is_new`, and
 * the watched column's value before (`old`). Every CTE reads one snapshot: `old` sees the rows as they
 * were before `up` changed them. Rows that change nothing counted are not returned.
 */
export function rollupDetectingStatement(
  cid: number,
  spec: RollupSpec,
  rows: RollupRow[],
  watch?: string,
): string | undefined {
  if (rows.length === 0) return undefined;
  const keyNames = spec.keys.map(([name]) => name);
  const join = keyNames.map((k) => `o.${k} = i.${k}`).join(' AND ');
  return `WITH input AS (${inputOf(spec, rows, spec.columns)}),
       old AS (SELECT ${keyNames.map((k) => `t.${k}`).join(', ')}${watch ? `, t.${watch}` : ''}
                 FROM ${spec.table} t JOIN input i ON t.cid = ${cidLiteral(cid)} AND ${keyNames.map((k) => `t.${k} = i.${k}`).join(' AND ')}),
       up AS (${insertInto(spec, cid, spec.columns)})
       SELECT i.ord, o.${keyNames[0]} IS NULL AS is_new, ${watch ? `o.${watch}` : 'NULL::int8'} AS old
         FROM input i LEFT JOIN old o ON ${join}
        WHERE o.${keyNames[0]} IS NULL${watch ? ` OR (i.${watch} & ~o.${watch}) <> 0` : ''}`;
}

/** A row of `rollupDetectingStatement`'s answer. */
export interface DetectedRow {
  ord: number;
  is_new: boolean;
  old: number | null;
}
