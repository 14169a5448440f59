import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type Database, openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { bootstrap } from './modules/company/bootstrap';
import { DemoFeed } from './modules/demo/demo-feed';
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
    await bootstrap(db, config, app.log);
    await app.listen({ port: config.port, host: config.host });
    // Background work starts once the server is up.
    app.ctx.outbox.start();
    const relay = new WsRelay(db, app.ctx.hub, app.log);
    await relay.start();
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    // The living demo (PITBOSS_DEMO, default on) posts to this server over loopback.
    const demo = config.demo ? new DemoFeed(db, app.ctx.ingestKeys, app.log) : undefined;
    demo?.start(`http://${loopbackHost(config.host)}:${port}`);
    let stopping: Promise<void> | undefined;
    return {
      app,
      db,
      url: `http://${host}:${port}`,
      stop() {
        stopping ??= (demo?.stop() ?? Promise.resolve())
          .then(() => relay.stop())
          .then(() => app.close())
          .then(() => db.close());
        return stopping;
      },
    };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

/** Where this server answers itself: loopback when it listens on every address. */
function loopbackHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === 'localhost') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
