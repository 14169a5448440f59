import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/database';
import { alertRulesRoutes } from './modules/alert-rules/alert-rules.routes';
import { AlertNotifier } from './modules/alerts/alert-notifier';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { createTokenService } from './modules/auth/tokens';
import { blacklistRoutes } from './modules/blacklist/blacklist.routes';
import { blockApiRoutes } from './modules/block-api/block-api.routes';
import { currencyRoutes } from './modules/currency/currency.routes';
import { detectorProcessor } from './modules/detectors/detector.processor';
import { DetectorService } from './modules/detectors/detector.service';
import { IngestPipeline } from './modules/ingest/ingest.pipeline';
import { ingestRoutes } from './modules/ingest/ingest.routes';
import { ingestKeysRoutes } from './modules/ingest-keys/ingest-keys.routes';
import { IngestKeyService } from './modules/ingest-keys/ingest-keys.service';
import { mailRoutes } from './modules/mail/mail.routes';
import { OutboxWorker } from './modules/outbox/outbox.worker';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { registrationRoutes } from './modules/registration/registration.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { jwtSecret } from './modules/system/secrets';
import { versionRoutes } from './modules/system/version.routes';
import { VersionService } from './modules/system/version.service';
import { usersRoutes } from './modules/users/users.routes';
import { whitelistRoutes } from './modules/whitelist/whitelist.routes';
import { auditPlugin } from './plugins/audit';
import { authPlugin } from './plugins/auth';
import { consolePlugin } from './plugins/console';
import { errorsPlugin } from './plugins/errors';
import { swaggerPlugin } from './plugins/swagger';
import { WsHub, websocketPlugin } from './plugins/websocket';

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database. The app does not close it. */
  db: Database;
  logger?: boolean | { level: string };
}

/**
 * Builds the Fastify app in a visible order (STYLE habit 5): external plugins, then app plugins
 * (errors, auth, audit, websocket, docs), then the domain routes, then the console.
 */
export async function buildApp({ config, db, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // The client address (audit, login limits, console IP allowlist) behind a reverse proxy.
    trustProxy: config.trustProxy,
    // Per-request lines only when debugging: ingest alone makes dozens a second.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = createTokenService(await jwtSecret(db, config.jwtSecret), config.tokenTtlSeconds);
  const version = new VersionService(config.consoleDir);
  const ctx: AppContext = {
    config,
    db,
    tokens,
    auth: new AuthService(db, tokens, config),
    version,
    hub: new WsHub(),
    outbox: new OutboxWorker(db, app.log as FastifyBaseLogger),
    log: app.log as FastifyBaseLogger,
    ingest: new IngestPipeline(db, app.log as FastifyBaseLogger),
    ingestKeys: new IngestKeyService(db, app.log as FastifyBaseLogger),
    alertNotifier: new AlertNotifier(db),
    detectors: new DetectorService({ log: app.log as FastifyBaseLogger }, { replayDays: config.alertReplayDays }),
  };
  ctx.ingest.use(detectorProcessor(ctx.detectors, ctx));
  app.decorate('ctx', ctx);
  version.start();
  app.addHook('onClose', async () => {
    version.stop();
    await ctx.outbox.stop();
  });

  // External plugins.
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });

  // App plugins.
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(auditPlugin);
  await app.register(swaggerPlugin);
  await app.register(websocketPlugin);

  // Domain routes.
  await app.register(versionRoutes);
  await app.register(authRoutes);
  await app.register(blacklistRoutes);
  await app.register(whitelistRoutes);
  await app.register(blockApiRoutes);
  await app.register(mailRoutes);
  await app.register(usersRoutes);
  await app.register(registrationRoutes);
  await app.register(passwordResetRoutes);
  await app.register(settingsRoutes);
  await app.register(currencyRoutes);
  await app.register(ingestKeysRoutes);
  await app.register(ingestRoutes);
  await app.register(alertRulesRoutes);
  await app.register(alertsRoutes);

  // The console last: it owns the not-found handler (SPA fallback, 401 for unknown /api paths).
  await app.register(consolePlugin);
  return app;
}
