// The demo feed as a process: `npm start` (scripts/start.mjs) runs the built `dist/demo-feed.mjs` next to
// the server once the server listens, unless PITBOSS_DEMO=0. Its settings come from the environment:
//   PITBOSS_DEMO_URL          the server, e.g. http://127.0.0.1:8080
//   PITBOSS_DEMO_INGEST_KEY   the ingest key of company 1 (the server registered it at its start)
//   PITBOSS_DEMO_STATE        the file that keeps the feed's progress (<data dir>/demo-feed.json)
//   LOG_LEVEL                 as the server's
// Exits 0 when stopped (SIGINT, SIGTERM, or its parent gone) or when the server refuses the key, 1 on
// any other failure, 2 on a missing setting.
import { DemoFeed } from './demo-feed';
import { jsonLog } from './log';

const log = jsonLog(process.env.LOG_LEVEL);
const url = process.env.PITBOSS_DEMO_URL;
const key = process.env.PITBOSS_DEMO_INGEST_KEY;
const stateFile = process.env.PITBOSS_DEMO_STATE;
if (!url || !key || !stateFile) {
  log.error('Demo feed: PITBOSS_DEMO_URL, PITBOSS_DEMO_INGEST_KEY and PITBOSS_DEMO_STATE must be set');
  process.exit(2);
}

const feed = new DemoFeed({ url, key, stateFile, log });
const stop = () => void feed.stop();
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// Started by `npm start` with an IPC channel: when that process is gone, so is the feed.
process.once('disconnect', stop);

const end = await feed.start();
process.exit(end === 'failed' ? 1 : 0);
