import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { requestIdOf } from './lib/request-id';
import { alertRulesPlugin } from './modules/alert-rules/alert-rules.plugin';
import { alertingPlugin } from './modules/alerting/alerting.plugin';
import { authDomainPlugin } from './modules/auth/auth.plugin';
import { blacklistPlugin } from './modules/blacklist/blacklist.plugin';
import { blockApiPlugin } from './modules/block-api/block-api.plugin';
import { checkToolsPlugin } from './modules/check-tools/check-tools.plugin';
import { companiesPlugin } from './modules/companies/companies.plugin';
import { currencyPlugin } from './modules/currency/currency.plugin';
import { eventStorePlugin } from './modules/event-store/event-store.plugin';
import { gameRtpPlugin } from './modules/game-rtp/game-rtp.plugin';
import { ingestPlugin } from './modules/ingest/ingest.plugin';
import { ingestKeysPlugin } from './modules/ingest-keys/ingest-keys.plugin';
import { launderingPlugin } from './modules/laundering/laundering.plugin';
import { mailPlugin } from './modules/mail/mail.plugin';
import { notificationsPlugin } from './modules/notifications/notifications.plugin';
import { passwordResetPlugin } from './modules/password-reset/password-reset.plugin';
import { playerAlertsPlugin } from './modules/player-alerts/player-alerts.plugin';
import { reconcilePlugin } from './modules/reconcile/reconcile.plugin';
import { registrationPlugin } from './modules/registration/registration.plugin';
import { riskDashboardPlugin } from './modules/risk-dashboard/risk-dashboard.plugin';
import { settingsPlugin } from './modules/settings/settings.plugin';
import { usersPlugin } from './modules/users/users.plugin';
import { whitelistPlugin } from './modules/whitelist/whitelist.plugin';
import { auditPlugin } from './plugins/audit';
import { authPlugin } from './plugins/auth';
import { consolePlugin } from './plugins/console';
import { corePlugin } from './plugins/core';
import { errorsPlugin } from './plugins/errors';
import { livePlugin } from './plugins/live';
import { clientErrorHandler, frameworkErrors, operationsPlugin } from './plugins/operations';
import { outboxPlugin } from './plugins/outbox';
import { swaggerPlugin } from './plugins/swagger';
import { textHygienePlugin } from './plugins/text-hygiene';
import { versionPlugin } from './plugins/version';

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database. The app does not close it. */
  db: Database;
  logger?: boolean | { level: string };
}

/**
 * The domains, in dependency order (each plugin declares what it needs; Fastify refuses a wrong order).
 * A domain registers its routes, outbox channels, event-store processors and company defaults itself.
 */
const DOMAINS = [
  companiesPlugin,
  authDomainPlugin,
  mailPlugin,
  usersPlugin,
  registrationPlugin,
  passwordResetPlugin,
  settingsPlugin,
  currencyPlugin,
  ingestKeysPlugin,
  ingestPlugin,
  blacklistPlugin,
  whitelistPlugin,
  blockApiPlugin,
  alertingPlugin,
  alertRulesPlugin,
  playerAlertsPlugin,
  riskDashboardPlugin,
  gameRtpPlugin,
  launderingPlugin,
  checkToolsPlugin,
  reconcilePlugin,
  notificationsPlugin,
];

/**
 * Builds the app in its boot order (STYLE habit 5): external plugins, infrastructure plugins, the
 * domains, then the console.
 */
/** One year, subdomains included (helmet's default policy). */
export const HSTS = 'max-age=31536000; includeSubDomains';

export async function buildApp({ config, db, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // 400/408/431 from the HTTP parser, in the one error shape.
    clientErrorHandler,
    // Errors of the router (a path that is not valid UTF-8, too long a parameter) in the one shape too.
    frameworkErrors,
    // Calls arriving while the server shuts down: 503 in the one shape (plugins/operations).
    return503OnClosing: false,
    // The client address (audit, login limits, console IP allowlist) behind a reverse proxy.
    trustProxy: config.trustProxy,
    // Every log line of a request carries its id (`reqId`); the answer says it (`X-Request-Id`).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Per-request lines only when debugging: ingest alone makes dozens a second.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // 1. External plugins.
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
    // HSTS below, only for requests that came over HTTPS.
    hsts: false,
  });
  // HSTS where the browser reached the console over HTTPS: TLS here, or a trusted proxy
  // (PITBOSS_TRUST_PROXY) saying `X-Forwarded-Proto: https`. Over plain HTTP it would mean nothing, and a
  // client's own X-Forwarded-Proto is not believed.
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });

  // 2. Infrastructure (plugins/): config and database, errors, the served version, sessions, audit,
  //    OpenAPI, the websocket hub, the outbox and the event store.
  await app.register(corePlugin, { config, db });
  await app.register(errorsPlugin);
  await app.register(textHygienePlugin);
  await app.register(versionPlugin);
  await app.register(authPlugin);
  await app.register(auditPlugin);
  await app.register(swaggerPlugin);
  await app.register(livePlugin);
  await app.register(outboxPlugin);
  await app.register(eventStorePlugin);
  await app.register(operationsPlugin);

  // 3. The domains.
  for (const domain of DOMAINS) await app.register(domain);

  // 4. The console last: it owns the not-found handler (SPA fallback, 401 for unknown /api paths).
  await app.register(consolePlugin);
  return app;
}
