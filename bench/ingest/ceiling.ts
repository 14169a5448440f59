import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import type { EventTableRows } from '@pitboss/server/testing';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return `"${String(value).replaceAll('"', '""')}"`;
}

/** CSV text of the rows of one table (cid first), for COPY … (FORMAT csv). */
function csvOf(cid: number, rows: EventTableRows): string {
  const count = rows.values[0]?.length ?? 0;
  const lines: string[] = new Array(count);
  for (let i = 0; i < count; i++) {
    let line = String(cid);
    for (const column of rows.values) line += `,${csvValue(column[i])}`;
    lines[i] = line;
  }
  return `${lines.join('\n')}\n`;
}

export interface CeilingResult {
  rows: number;
  ms: number;
}

const copyTable = (table: string) => `bench_copy_${table}`;
const copySql = (rows: EventTableRows, source: string) =>
  `COPY ${copyTable(rows.table)} (cid, ${rows.columns.map((c) => c.name).join(', ')}) FROM ${source} (FORMAT csv)`;

/**
 * The ceiling: a bare COPY of the same rows into copies of the event tables (same columns and
 * indexes, `LIKE … INCLUDING ALL`) of the same database, without ledger, rollups, validation or HTTP.
 * The CSV is built before the clock starts.
 */
export async function copyCeilingPostgres(url: string, tables: EventTableRows[]): Promise<CeilingResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const { table } of tables) {
      await client.query(`DROP TABLE IF EXISTS ${copyTable(table)}`);
      await client.query(`CREATE TABLE ${copyTable(table)} (LIKE ${table} INCLUDING ALL)`);
    }
    const texts = tables.map((rows) => ({ rows, csv: csvOf(1, rows) }));
    const started = performance.now();
    for (const { rows, csv } of texts) {
      await pipeline(Readable.from([csv]), client.query(copyFrom(copySql(rows, 'STDIN'))));
    }
    return { rows: count(tables), ms: performance.now() - started };
  } finally {
    await client.end();
  }
}

/** The same on the embedded database: PGlite opened in this process on the server's data directory. */
export async function copyCeilingPglite(dataDir: string, tables: EventTableRows[]): Promise<CeilingResult> {
  const db = await PGlite.create({ dataDir });
  try {
    for (const { table } of tables) {
      await db.exec(
        `DROP TABLE IF EXISTS ${copyTable(table)}; CREATE TABLE ${copyTable(table)} (LIKE ${table} INCLUDING ALL)`,
      );
    }
    const texts = tables.map((rows) => ({ rows, blob: new Blob([csvOf(1, rows)]) }));
    const started = performance.now();
    for (const { rows, blob } of texts) await db.query(copySql(rows, `'/dev/blob'`), [], { blob });
    return { rows: count(tables), ms: performance.now() - started };
  } finally {
    await db.close();
  }
}

function count(tables: EventTableRows[]): number {
  return tables.reduce((n, t) => n + (t.values[0]?.length ?? 0), 0);
}
