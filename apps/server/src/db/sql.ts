import type pg from 'pg';

/**
 * Every SQL helper shared by repositories: what runs SQL (`Sql`), array and literal builders for
 * statements, several statements in one round trip, and the pieces of list queries (`likePattern`,
 * `sqlOrder`).
 */

/** Anything that runs SQL: the pool, or a client inside a transaction. Repositories take one. */
export interface Sql {
  query<R extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<pg.QueryResult<R>>;
}

/**
 * PostgreSQL array literals for `unnest($n::type[])` parameters, built directly: `pg` quotes and
 * escapes every element of a JS array, which costs more than the rest of a 1,000-row insert on the
 * ingest path. Numbers (and decimal text) go bare; other text is quoted only when it must be.
 */
export function numberArray(values: readonly (number | string | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) out += ',';
    out += value === null || value === undefined ? 'NULL' : String(value);
  }
  return `${out}}`;
}

const BARE = /^[A-Za-z0-9_.:+@/-]+$/;

function element(value: string): string {
  if (BARE.test(value) && value.toUpperCase() !== 'NULL') return value;
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/** Text-like elements (text, inet, timestamptz, date, boolean as true/false). */
export function textArray(values: readonly (string | boolean | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) out += ',';
    out += value === null || value === undefined ? 'NULL' : typeof value === 'boolean' ? String(value) : element(value);
  }
  return `${out}}`;
}

/**
 * `text` as a dollar-quoted SQL string constant, with a tag that does not occur in it, so nothing inside
 * needs escaping (quotes, backslashes and `$` are taken literally). For values built into statements
 * that are sent together in one round trip (`queryMany`), which cannot carry `$n` parameters.
 */
export function literal(text: string): string {
  let tag = '$v$';
  // The closing tag must first occur where the text ends: absent from the text, and not completed by it
  // either ("$v" then "$v$" would close early).
  for (let i = 0; (text + tag).indexOf(tag) !== text.length; i++) tag = `$v${i}$`;
  return `${tag}${text}${tag}`;
}

/** A company id as a number in statement text (it comes from a key or a session; anything else is a bug). */
export function cidLiteral(cid: number): number {
  if (!Number.isSafeInteger(cid)) throw new Error(`Not a company id: ${cid}`);
  return cid;
}

/** Text values as a typed array constant for a statement: `$v${…}$v$::type[]`. */
export function textArrayLiteral(values: readonly (string | boolean | null | undefined)[], type = 'text'): string {
  return `${literal(textArray(values))}::${type}[]`;
}

/** Numbers (or numeric text) as a typed array constant for a statement: `$v${…}$v$::type[]`. */
export function numberArrayLiteral(values: readonly (number | string | null)[], type: string): string {
  return `${literal(numberArray(values))}::${type}[]`;
}

/**
 * Runs several statements in one round trip (PostgreSQL's simple query protocol: no `$n` parameters;
 * values go in as `literal`s or numbers), in order, each with its own snapshot, and answers one result
 * per statement. On the ingest path a round trip is not the cost: the wait for the event loop to read
 * its answer is, while the loop parses the next calls.
 */
export async function queryMany<R extends pg.QueryResultRow = Record<string, unknown>>(
  sql: Sql,
  statements: readonly string[],
): Promise<pg.QueryResult<R>[]> {
  if (statements.length === 0) return [];
  const result = (await sql.query<R>(statements.join(';\n'))) as pg.QueryResult<R> | pg.QueryResult<R>[];
  return Array.isArray(result) ? result : [result];
}

/**
 * Statements for one round trip, each with an optional reader of its result, run in the order added.
 * Repositories add theirs; the caller sends them all at once.
 */
export class RoundTrip {
  private readonly statements: string[] = [];
  private readonly readers: (((result: pg.QueryResult) => void) | undefined)[] = [];

  /** Adds a statement (nothing when undefined) and what to do with its answer. */
  add<R extends pg.QueryResultRow>(statement: string | undefined, read?: (rows: R[]) => void): this {
    if (statement === undefined) return this;
    this.statements.push(statement);
    this.readers.push(read && ((result) => read(result.rows as R[])));
    return this;
  }

  /** Sends the statements (at once, as soon as the connection is free) and hands each answer to its reader. */
  async run(sql: Sql): Promise<void> {
    const results = await queryMany(sql, this.statements);
    for (const [i, result] of results.entries()) this.readers[i]?.(result);
  }
}

/** `%` and `_` in a search keyword are matched literally. */
export function likePattern(keyword: string | undefined): string | null {
  return keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

export function sqlOrder(order: 'Desc' | 'Asc'): 'DESC' | 'ASC' {
  return order === 'Asc' ? 'ASC' : 'DESC';
}
