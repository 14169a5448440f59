import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import type { Config } from './config';
import { type Database, openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { ensureDemoKey } from './modules/ingest-keys/demo-key';
import { ensureDemoPublisher } from './modules/reconcile/demo-publisher';
import { WsRelay } from './plugins/ws-relay';

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
    await bootstrap(app);
    // `npm start`'s demo feed, a separate process, posts with this key (scripts/start.mjs keeps it).
    if (config.demoIngestKey) await ensureDemoKey(db, config.demoIngestKey, app.log);
    await app.listen({ port: config.port, host: config.host });
    // Background work starts once the server is up.
    app.outbox.start();
    const relay = new WsRelay(db, app.live, app.log);
    await relay.start();
    // While the demo is on, every start makes sure the demo publisher is there, with customers and last
    // month's traffic (issue 20), once the server answers (creating it takes some seconds).
    if (config.demoIngestKey) {
      await ensureDemoPublisher(app, config.adminAccount).then(
        ({ cid, created }) => {
          if (created) app.log.info(`Demo: company ${cid} "Demo Publisher" with customers and last month's traffic`);
        },
        (error: unknown) => app.log.warn({ err: error }, 'Demo: the demo publisher could not be created'),
      );
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    let stopping: Promise<void> | undefined;
    return {
      app,
      db,
      url: `http://${host}:${port}`,
      stop() {
        stopping ??= relay
          .stop()
          .then(() => closeDraining(app))
          .then(() => db.close());
        return stopping;
      },
    };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

/**
 * Stops listening and waits for the requests in flight (ingest calls included) to be answered. A
 * keep-alive connection that falls idle after that would hold the close open until its timeout (72 s),
 * so idle connections are closed as they fall idle.
 */
async function closeDraining(app: FastifyInstance): Promise<void> {
  const timer = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(timer);
  }
}
