import { ConfigError, loadConfig } from './config';
import { startServer } from './server';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const server = await startServer(config);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
  server.app.log.info(`Pitboss is running on ${server.url} over the ${where}`);

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    server.app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server.stop().then(
      () => process.exit(0),
      (error) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // Under `npm start` (scripts/start.mjs, which talks to this process over an IPC channel): tell it the
  // port, so that it starts the demo feed, and shut down when it is gone.
  if (process.send) {
    const address = server.app.server.address();
    process.send({ type: 'listening', port: typeof address === 'object' && address ? address.port : config.port });
    process.on('disconnect', () => shutdown('disconnect from npm start'));
  }
}

main().catch((error) => {
  console.error('Pitboss failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
