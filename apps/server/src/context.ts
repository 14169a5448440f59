import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { AlertNotifier } from './modules/alerts/alert-notifier';
import type { AuthService } from './modules/auth/auth.service';
import type { TokenService } from './modules/auth/tokens';
import type { DetectorService } from './modules/detectors/detector.service';
import type { IngestPipeline } from './modules/ingest/ingest.pipeline';
import type { IngestKeyService } from './modules/ingest-keys/ingest-keys.service';
import type { OutboxWorker } from './modules/outbox/outbox.worker';
import type { VersionService } from './modules/system/version.service';
import type { WsHub } from './plugins/websocket';

/** The services every module reaches through `app.ctx`; built once in `createContext`. */
export interface AppContext {
  config: Config;
  db: Database;
  tokens: TokenService;
  auth: AuthService;
  version: VersionService;
  hub: WsHub;
  /** Sends notifications; modules register their channels at startup, `startServer` starts it. */
  outbox: OutboxWorker;
  log: FastifyBaseLogger;
  /** Stores ingested batches; detectors register their `IngestProcessor` here (after the rollups). */
  ingest: IngestPipeline;
  ingestKeys: IngestKeyService;
  /** The `alert` outbox channel; the notification settings add their targets with `addTarget`. */
  alertNotifier: AlertNotifier;
  /** The player-alert engines of this process, fed by the ingest pipeline. */
  detectors: DetectorService;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
