import { cidLiteral, numberArrayLiteral, textArrayLiteral } from '../../../db/batch-query';
import type { ExactSum } from '../decimal';

/** How a column is sent and merged into an existing row: summed (default), OR-ed (bit sets), or min/max (times). */
export type ColumnKind = 'int' | 'int8' | 'numeric' | 'float8' | 'timestamptz';
export type Merge = 'sum' | 'or' | 'min' | 'max';
export type KeyType = 'text' | 'timestamptz' | 'date' | 'inet';

export interface RollupSpec {
  table: string;
  /** Key columns after cid, in primary-key order. */
  keys: readonly (readonly [name: string, type: KeyType])[];
  columns: readonly (readonly [name: string, kind: ColumnKind, merge?: Merge])[];
  /**
   * Columns that come together (a bet's counts and amounts, a top-up's…), by family name: a row sends the
   * families it holds something in (`rollupStatements`). Without it, every column is sent.
   */
  families?: Readonly<Record<string, string>>;
}

/**
 * A row's values by column name: numbers (int, int8, float8, timestamptz as epoch ms), or exact sums
 * (numeric; null until the first amount, so that a zeroed row is a cheap copy of a template).
 */
export type RollupValues = Record<string, number | ExactSum | null>;

export interface RollupRow {
  key: (string | number)[];
  values: RollupValues;
}

type Key = string | number;
type Level = Map<Key, Level | RollupRow>;

/**
 * Rows of one rollup table being built from a batch, one per key. Rows are found through one map
 * per key column (no composite key strings: five lookups per bet add up).
 */
export class RollupAccumulator {
  private readonly root: Level = new Map();
  private readonly rows: RollupRow[] = [];

  constructor(
    readonly spec: RollupSpec,
    private readonly blank: () => RollupValues,
  ) {}

  /** The row for `key` (created on first use); `key` values follow `spec.keys` (hours as epoch ms). */
  row(k1: Key, k2: Key, k3?: Key): RollupValues {
    const last = k3 === undefined ? k2 : k3;
    let level = this.root;
    for (const part of k3 === undefined ? [k1] : [k1, k2]) {
      let next = level.get(part) as Level | undefined;
      if (!next) {
        next = new Map();
        level.set(part, next);
      }
      level = next;
    }
    let row = level.get(last) as RollupRow | undefined;
    if (!row) {
      row = { key: k3 === undefined ? [k1, k2] : [k1, k2, k3], values: this.blank() };
      level.set(last, row);
      this.rows.push(row);
    }
    return row.values;
  }

  /** Rows sorted by key, so that concurrent writers lock rows in one order (no deadlocks). */
  sorted(): RollupRow[] {
    return [...this.rows].sort((a, b) => compareKeys(a.key, b.key));
  }
}

function compareKeys(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
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
