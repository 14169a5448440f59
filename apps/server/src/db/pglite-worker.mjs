// Runs PGlite off the main thread (STACK.md: in-process PGlite stalls the event loop for seconds)
// and exposes it as a PostgreSQL-protocol socket on 127.0.0.1, so the server uses the same `pg`
// driver for the embedded database and for a PostgreSQL server.
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const port = parentPort;
if (!port) throw new Error('pglite-worker must run in a worker thread');

try {
  mkdirSync(workerData.dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir: workerData.dataDir });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0 });
  await server.start();
  const [host, listenPort] = server.getServerConn().split(':');
  port.postMessage({ type: 'ready', host, port: Number(listenPort) });
  port.on('message', async (msg) => {
    if (msg?.type !== 'stop') return;
    try {
      await server.stop();
      await db.close();
    } finally {
      port.postMessage({ type: 'stopped' });
    }
  });
} catch (error) {
  port.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
