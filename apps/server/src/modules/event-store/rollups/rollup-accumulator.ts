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

export function compareKeys(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}
