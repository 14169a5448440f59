import { Worker } from 'node:worker_threads';
import { PGLITE_WORKER } from '../paths';

export interface PgliteHost {
  host: string;
  port: number;
  stop(): Promise<void>;
}

type WorkerMessage =
  | { type: 'ready'; host: string; port: number }
  | { type: 'error'; message: string }
  | { type: 'stopped' };

/** Starts PGlite on `dataDir` in a worker thread and answers where its socket listens. */
export async function startPglite(dataDir: string): Promise<PgliteHost> {
  const worker = new Worker(PGLITE_WORKER, { workerData: { dataDir } });
  const ready = await new Promise<{ host: string; port: number }>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`PGlite worker exited with code ${code}`)));
    worker.once('message', (msg: WorkerMessage) => {
      if (msg.type === 'ready') resolve(msg);
      else if (msg.type === 'error') reject(new Error(`PGlite failed to open ${dataDir}: ${msg.message}`));
    });
  });
  worker.removeAllListeners('exit');
  worker.removeAllListeners('error');
  let stopping: Promise<void> | undefined;
  return {
    ...ready,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 10_000);
        worker.once('message', (msg: WorkerMessage) => {
          if (msg.type !== 'stopped') return;
          clearTimeout(timer);
          void worker.terminate().then(() => resolve());
        });
        worker.postMessage({ type: 'stop' });
      });
      return stopping;
    },
  };
}
