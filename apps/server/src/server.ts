import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type Database, openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { bootstrap } from './modules/company/bootstrap';

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  url: string;
  stop(): Promise<void>;
}

/** Opens the database, migrates it, seeds the first company, and listens. Used by main and by tests. */
export async function startServer(config: Config, logger?: boolean | { level: string }): Promise<RunningServer> {
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const app = await buildApp({ config, db, ...(logger === undefined ? {} : { logger }) });
    await bootstrap(db, config, app.log);
    await app.listen({ port: config.port, host: config.host });
    // Background work starts once the server is up.
    app.ctx.outbox.start();
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    let stopping: Promise<void> | undefined;
    return {
      app,
      db,
      url: `http://${host}:${port}`,
      stop() {
        stopping ??= app.close().then(() => db.close());
        return stopping;
      },
    };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}
