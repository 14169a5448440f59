import { readdirSync } from 'node:fs';
import { ingestEvents, type ServerMessage } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MIGRATIONS_DIR } from '../db/migrate';
import { AppError } from '../lib/errors';
import { Metrics, renderGauge } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's counters and histograms, rendered at `/metrics`. */
    metrics: Metrics;
    /** The methods routed for a concrete path (for 405 answers), empty when none. */
    allowedMethods(pathname: string): string[];
  }
}

const PROBE_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database did not answer in time')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** `/api/x/:id/*` → a pattern matching concrete paths. */
function routePattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * Operations: `GET /healthz` (the process answers), `GET /readyz` (database reachable and every migration
 * applied, 503 otherwise), `GET /metrics` (Prometheus text format), and the route table behind 405 answers.
 * Counts ingested events and batch latency from the ingest call's reply, and alerts from the live hub.
 */
export const operationsPlugin = fp(
  async (app: FastifyInstance) => {
    const metrics = new Metrics();
    app.decorate('metrics', metrics);

    // While shutting down (SIGTERM): calls in flight are answered; a call that arrives meanwhile on an
    // open keep-alive connection gets 503 in the one shape, told to retry (elsewhere) and to reconnect.
    // (Fastify's own 503 for this has another shape: `return503OnClosing: false` in app.ts.)
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', async (_request, reply) => {
      if (!closing) return;
      reply.header('connection', 'close').header('retry-after', '5');
      throw new AppError(503, 'SHUTTING_DOWN', 'The server is shutting down; try again');
    });

    const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
    app.addHook('onRoute', (route) => {
      // The console's static files (`/*`) would match every path: they are not a method's home.
      if (route.url === '/*' || route.url === '*') return;
      const methods = ([] as string[]).concat(route.method as string | string[]);
      routes.push({ pattern: routePattern(route.url), methods });
    });
    app.decorate('allowedMethods', (pathname: string) => {
      const allowed = new Set<string>();
      for (const route of routes) if (route.pattern.test(pathname)) for (const m of route.methods) allowed.add(m);
      return [...allowed];
    });

    // Alerts: every kind is pushed live as {type: 'alert'} when raised or escalated.
    const publish = app.live.publish.bind(app.live);
    app.live.publish = (cid: number, message: ServerMessage) => {
      if (message.type === 'alert') {
        const { kind, escalated } = message as { kind?: string; escalated?: boolean };
        metrics.alertsRaised.inc({ kind: kind ?? 'unknown', ...(escalated ? { escalated: 'true' } : {}) });
      }
      publish(cid, message);
    };

    // Ingest: the batch's latency and outcome, from its reply.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.url !== ingestEvents.path || request.method !== ingestEvents.method) return payload;
      metrics.ingestBatches.inc({ status: String(reply.statusCode) });
      metrics.batchSeconds.observe(reply.elapsedTime / 1000);
      if (reply.statusCode === 200 && typeof payload === 'string') {
        try {
          const result = JSON.parse(payload) as { accepted?: number; duplicates?: number; tooOld?: number };
          metrics.eventsIngested.inc({ outcome: 'accepted' }, result.accepted ?? 0);
          metrics.eventsIngested.inc({ outcome: 'duplicate' }, result.duplicates ?? 0);
          if (result.tooOld) metrics.eventsIngested.inc({ outcome: 'too_old' }, result.tooOld);
        } catch {
          // Not a JSON reply: nothing to count.
        }
      }
      return payload;
    });

    const noStore = { 'cache-control': 'no-store' };

    app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
      reply.headers(noStore);
      return { status: 'ok' };
    });

    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      reply.headers(noStore);
      try {
        const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
        const { rows } = await withTimeout(
          app.db.query<{ name: string }>('SELECT name FROM schema_migration'),
          PROBE_TIMEOUT_MS,
        );
        const applied = new Set(rows.map((r) => r.name));
        const pending = files.filter((f) => !applied.has(f)).sort();
        if (pending.length > 0) {
          return reply.status(503).header('retry-after', '5').send({
            status: 'migrations pending',
            database: 'reachable',
            pending,
          });
        }
        return { status: 'ready', database: app.db.kind, migrations: files.length };
      } catch (error) {
        app.log.warn({ err: error }, 'readiness probe: database unreachable');
        return reply.status(503).header('retry-after', '5').send({ status: 'database unreachable' });
      }
    });

    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      const { pool } = app.db;
      const parts = [
        metrics.render(),
        renderGauge('pitboss_db_pool_connections', 'Database pool connections by state', [
          { labels: { state: 'total' }, value: pool.totalCount },
          { labels: { state: 'idle' }, value: pool.idleCount },
          { labels: { state: 'waiting' }, value: pool.waitingCount },
        ]),
      ];
      let up = 1;
      try {
        const { rows } = await withTimeout(
          app.db.query<{ status: string; n: number }>(
            `SELECT status, count(*)::int AS n FROM outbox WHERE status IN ('pending', 'sending', 'failed')
             GROUP BY status`,
          ),
          PROBE_TIMEOUT_MS,
        );
        const by = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
        parts.push(
          renderGauge('pitboss_outbox_depth', 'Outbox messages waiting to be delivered, by state', [
            { labels: { state: 'pending' }, value: by('pending') },
            { labels: { state: 'sending' }, value: by('sending') },
          ]),
          renderGauge('pitboss_outbox_failed', 'Outbox messages that failed for good (all attempts used)', [
            { value: by('failed') },
          ]),
        );
      } catch {
        up = 0;
      }
      parts.push(renderGauge('pitboss_database_up', 'Whether the database answered this scrape', [{ value: up }]));
      return reply
        .headers(noStore)
        .type('text/plain; version=0.0.4; charset=utf-8')
        .send(`${parts.join('\n')}\n`);
    });
  },
  { name: 'operations', dependencies: ['core', 'live'] },
);

/**
 * Answers what the HTTP parser refused before Fastify saw a request (headers too large: 431; timeout: 408;
 * anything else: 400) in the one error shape `{status, message, messageCode}`.
 */
/**
 * Errors of Fastify's router, before any route (a path that is not valid percent-encoded UTF-8, a path
 * parameter over the router's length limit): answered in the one error shape.
 */
export function frameworkErrors(
  error: Error & { code?: string },
  _request: unknown,
  reply: import('fastify').FastifyReply,
): void {
  const [status, message, messageCode] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, 'The address is too long', 'URI_TOO_LONG']
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, 'The address is not valid', 'BAD_URL']
        : [400, 'Bad request', 'BAD_REQUEST'];
  reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify({ status, message, messageCode }));
}

export function clientErrorHandler(error: Error & { code?: string }, socket: import('node:net').Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message, messageCode] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'Request headers are too large', 'HEADERS_TOO_LARGE']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive', 'REQUEST_TIMEOUT']
        : [400, 'Bad Request', 'Malformed HTTP request', 'BAD_REQUEST'];
  const body = JSON.stringify({ status, message, messageCode });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
