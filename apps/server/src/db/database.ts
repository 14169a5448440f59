import pg from 'pg';
import { startPglite } from './pglite-host';
import { RoundTrip, type Sql } from './sql';

export type { Sql } from './sql';

/**
 * A transaction driven step by step, for work that sends statements with BEGIN and with COMMIT (the event
 * store): add to `opening`, `begin()`, work on `sql`, add to `closing`, `commit()`; `rollback()` when
 * anything failed. `commit` and `rollback` release the connection. `Database.tx` is the usual way.
 */
export interface Transaction {
  /** Sent by `begin` in one round trip: BEGIN, then the statements added here (with their readers). */
  readonly opening: RoundTrip;
  /**
   * The transaction's connection: statements issued while others run wait their turn and run in the order
   * issued, so code may send one and work on while it runs.
   */
  readonly sql: Sql;
  /** Sent by `commit` in one round trip: the statements added here, then COMMIT. */
  readonly closing: RoundTrip;
  begin(): Promise<void>;
  /** Resolves once every statement issued on `sql` has run. */
  settled(): Promise<unknown>;
  /** Once `settled`: `closing` and COMMIT. Releases the connection when it succeeds. */
  commit(): Promise<void>;
  /** Once `settled`: ROLLBACK (its failure ignored), and releases the connection; nothing after a commit. */
  rollback(): Promise<void>;
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  readonly pool: pg.Pool;
  /** Runs `fn` in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** A transaction on a connection of its own, driven step by step (`Transaction`). */
  transaction(): Promise<Transaction>;
  /** Opens a dedicated connection for work such as LISTEN or session advisory locks. */
  connect(): Promise<pg.PoolClient>;
  close(): Promise<void>;
}

/** Wire types: bigint and numeric as JS numbers, timestamps as ISO strings, dates as `YYYY-MM-DD`. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    switch (oid) {
      case 20: // int8
      case 1700: // numeric
        return (v: string) => Number(v);
      case 1184: // timestamptz
      case 1114: // timestamp
        return (v: string) => new Date(v.includes('T') || v.includes('+') ? v : `${v}Z`).toISOString();
      case 1082: // date
        return (v: string) => v;
      default:
        return pg.types.getTypeParser(oid, format);
    }
  },
};

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite on `dataDir` is used. */
  url?: string | undefined;
  dataDir: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, types });
    return wrapPool('postgres', pool, async () => {});
  }
  const host = await startPglite(options.dataDir);
  // The socket multiplexes one PGlite session: one connection only (STACK.md).
  const pool = new pg.Pool({
    host: host.host,
    port: host.port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    types,
  });
  return wrapPool('pglite', pool, () => host.stop());
}

function wrapPool(kind: Database['kind'], pool: pg.Pool, onClose: () => Promise<void>): Database {
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  let closing: Promise<void> | undefined;
  return {
    kind,
    pool,
    // Not `pool.query`: on any error it destroys the client. An error the server answered leaves the
    // connection healthy, and on PGlite the reconnection raced the socket's one-connection limit, so the
    // query after a failed one failed too ("Connection terminated unexpectedly").
    async query(text, params) {
      const client = await pool.connect();
      let result: pg.QueryResult;
      try {
        result = await client.query(text, params as unknown[]);
      } catch (error) {
        client.release(error instanceof pg.DatabaseError ? undefined : (error as Error));
        throw error;
      }
      client.release();
      return result;
    },
    connect: () => pool.connect(),
    async tx<T>(fn: (sql: Sql) => Promise<T>) {
      const tx = await transaction(pool);
      try {
        await tx.begin();
        const result = await fn(tx.sql);
        await tx.commit();
        return result;
      } catch (error) {
        await tx.rollback();
        throw error;
      }
    },
    transaction: () => transaction(pool),
    close() {
      closing ??= pool.end().then(onClose);
      return closing;
    },
  };
}

async function transaction(pool: pg.Pool): Promise<Transaction> {
  const client = await pool.connect();
  const queue = inOrder(client);
  let released = false;
  const release = () => {
    released = true;
    client.release();
  };
  const opening = new RoundTrip().add('BEGIN');
  const closing = new RoundTrip();
  return {
    opening,
    sql: queue.sql,
    closing,
    begin: () => opening.run(client),
    settled: queue.settled,
    async commit() {
      await queue.settled();
      await closing.add('COMMIT').run(client);
      release();
    },
    async rollback() {
      if (released) return;
      // After anything the transaction issued and did not wait for.
      await queue.settled();
      await client.query('ROLLBACK').catch(() => {});
      release();
    },
  };
}

/**
 * A transaction's connection: statements issued while others run wait their turn and run in the order
 * issued. Code may send a statement and work on while it runs (the event store does); `pg` queues such
 * calls itself too, but that is deprecated (removed in pg 9).
 */
function inOrder(client: pg.PoolClient): { sql: Sql; settled: () => Promise<unknown> } {
  let last: Promise<unknown> = Promise.resolve();
  return {
    sql: {
      query<R extends pg.QueryResultRow>(text: string, params?: unknown[]) {
        const run = last.then(() => client.query<R>(text, params));
        last = run.catch(() => {});
        return run;
      },
    },
    settled: () => last,
  };
}
