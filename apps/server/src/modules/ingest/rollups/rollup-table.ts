import type { Sql } from '../../../db/database';
import { numberArray, textArray } from '../../../db/pg-array';
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

  get size(): number {
    return this.rows.length;
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

function keyValue(type: KeyType, value: string | number): string | number {
  return type === 'timestamptz' ? new Date(value).toISOString() : value;
}

function columnValue(kind: ColumnKind, value: number | ExactSum | null | undefined): string | number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number') return value.toString();
  return kind === 'timestamptz' ? new Date(value).toISOString() : value;
}

const PG_TYPE: Record<ColumnKind | KeyType, string> = {
  int: 'int',
  int8: 'int8',
  numeric: 'numeric',
  float8: 'float8',
  timestamptz: 'timestamptz',
  text: 'text',
  date: 'date',
  inet: 'inet',
};

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

const statements = new Map<string, string>();

/** `INSERT … SELECT FROM unnest(…) ON CONFLICT DO UPDATE` adding the rows into the table (built once per spec). */
function upsertStatement(spec: RollupSpec, detectNew: boolean): string {
  const id = `${spec.table}:${detectNew}`;
  const cached = statements.get(id);
  if (cached) return cached;
  const keyNames = spec.keys.map(([name]) => name);
  const columnNames = spec.columns.map(([name]) => name);
  const all = [...keyNames, ...columnNames];
  const types = [...spec.keys.map(([, type]) => type), ...spec.columns.map(([, kind]) => kind)];
  const unnest = `unnest(${types.map((type, i) => `$${i + 2}::${PG_TYPE[type]}[]`).join(', ')}) WITH ORDINALITY AS u(${all.join(', ')}, ord)`;
  const insert = `INSERT INTO ${spec.table} AS t (cid, ${all.join(', ')})
       SELECT $1, ${all.join(', ')} FROM input ORDER BY ord
       ON CONFLICT (cid, ${keyNames.join(', ')}) DO UPDATE SET
         ${spec.columns.map(([name, , merge]) => mergeExpression('t', name, merge ?? 'sum')).join(',\n         ')}`;
  const text = detectNew
    ? // Every CTE reads one snapshot: `old` sees the rows as they were before `up` changed them.
      `WITH input AS (SELECT * FROM ${unnest}),
       old AS (SELECT ${keyNames.map((k) => `t.${k}`).join(', ')}, ${columnNames.map((c) => `t.${c}`).join(', ')}
                 FROM ${spec.table} t JOIN input i ON t.cid = $1 AND ${keyNames.map((k) => `t.${k} = i.${k}`).join(' AND ')}),
       up AS (${insert})
       SELECT i.ord, o.${keyNames[0]} IS NULL AS is_new, ${columnNames.map((c) => `o.${c} AS old_${c}`).join(', ')}
         FROM input i LEFT JOIN old o ON ${keyNames.map((k) => `o.${k} = i.${k}`).join(' AND ')}
        ORDER BY i.ord`
    : `WITH input AS (SELECT * FROM ${unnest}) ${insert}`;
  statements.set(id, text);
  return text;
}

function parameters(cid: number, spec: RollupSpec, rows: RollupRow[]): unknown[] {
  return [
    cid,
    ...spec.keys.map(([, type], i) => textArray(rows.map((r) => String(keyValue(type, r.key[i] as string | number))))),
    ...spec.columns.map(([name, kind]) => {
      const values = rows.map((r) => columnValue(kind, r.values[name]));
      return kind === 'timestamptz' ? textArray(values as string[]) : numberArray(values);
    }),
  ];
}

/** Adds the accumulated rows into the table. */
export async function writeRollup(sql: Sql, cid: number, rollup: RollupAccumulator): Promise<void> {
  if (rollup.size === 0) return;
  await sql.query(upsertStatement(rollup.spec, false), parameters(cid, rollup.spec, rollup.sorted()));
}

export interface PreviousState {
  row: RollupRow;
  isNew: boolean;
  /** The row's column values before this write (null for a new row), as the database returned them. */
  old: Record<string, unknown>;
}

/** Adds the rows and tells, for each, whether it is new and what it held before (for distinct counts). */
export async function writeRollupDetectingNew(
  sql: Sql,
  cid: number,
  rollup: RollupAccumulator,
): Promise<PreviousState[]> {
  if (rollup.size === 0) return [];
  const rows = rollup.sorted();
  const result = await sql.query<Record<string, unknown> & { ord: number; is_new: boolean }>(
    upsertStatement(rollup.spec, true),
    parameters(cid, rollup.spec, rows),
  );
  return result.rows.map((r) => {
    const old: Record<string, unknown> = {};
    for (const [name] of rollup.spec.columns) old[name] = r[`old_${name}`];
    return { row: rows[r.ord - 1] as RollupRow, isNew: r.is_new, old };
  });
}
