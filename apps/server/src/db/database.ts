import pg from 'pg';
import { RoundTrip } from './batch-query';
import { startPglite } from './pglite-host';

/** Anything that runs SQL: the pool, or a client inside a transaction. Repositories take one. */
export interface Sql {
  query<R extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<pg.QueryResult<R>>;
}

export interface TxOptions<T, P> {
  prelude: (trip: RoundTrip) => P;
  closing?: (result: T) => RoundTrip | undefined;
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  readonly pool: pg.Pool;
  /** Runs `fn` in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /**
   * The same, with first statements sent in BEGIN's round trip (`prelude` adds them, with their readers,
   * and answers what `fn` is handed once they have run) and last ones in COMMIT's (`closing`, given what
   * `fn` answered, called as COMMIT is sent).
   */
  tx<T, P>(fn: (sql: Sql, opened: P) => Promise<T>, options: TxOptions<T, P>): Promise<T>;
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
    async tx<T, P>(fn: (sql: Sql, opened: P) => Promise<T>, options?: TxOptions<T, P>) {
      const client = await pool.connect();
      const queue = inOrder(client);
      try {
        let opened: P | undefined;
        if (options) {
          const trip = new RoundTrip().add('BEGIN');
          opened = options.prelude(trip);
          await trip.run(client);
        } else await client.query('BEGIN');
        const result = await fn(queue.sql, opened as P);
        await queue.settled();
        const closing = options?.closing?.(result) ?? new RoundTrip();
        await closing.add('COMMIT').run(client);
        return result;
      } catch (error) {
        await queue.settled();
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close() {
      closing ??= pool.end().then(onClose);
      return closing;
    },
  };
}

/**
 * The transaction's connection for `fn`: statements issued while others run wait their turn and run in
 * the order issued. Code may send a statement and work on while it runs (the ingest pipeline does);
 * `pg` queues such calls itself too, but that is deprecated (removed in pg 9).
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
    // COMMIT or ROLLBACK goes after anything `fn` issued and did not wait for.
    settled: () => last,
  };
}
