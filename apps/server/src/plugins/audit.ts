import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { insertAudit } from '../modules/audit/audit.repository';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SECRET_KEY = /pass(word)?|token|secret|key/i;
const MAX_TARGET_CHARS = 4000;

/** The `Title` header carries the page title, URI-encoded by the console (headers are Latin-1). */
export function pageTitle(request: FastifyRequest): string {
  const raw = request.headers.title;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return '';
  try {
    return decodeURIComponent(value).slice(0, 200);
  } catch {
    return value.slice(0, 200);
  }
}

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1)]),
  );
}

function targetOf(request: FastifyRequest): unknown {
  const target: Record<string, unknown> = {};
  if (request.params && Object.keys(request.params).length > 0) target.params = request.params;
  if (request.routeOptions.config.auditBody !== false && request.body !== undefined) target.body = redact(request.body);
  const text = JSON.stringify(target);
  return text.length > MAX_TARGET_CHARS ? { truncated: true, params: target.params } : target;
}

/**
 * Writes every mutating `/api` call to `audit_log` with user, company, page title, IP, route and
 * outcome. It runs after the reply is sent, so it never slows the caller; a failure is logged.
 */
export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (request, reply) => {
      if (!MUTATING.has(request.method) || !request.url.startsWith('/api')) return;
      // Ingest calls are a platform's machine traffic (dozens a second), not a user's action.
      if (request.routeOptions.config.access === 'ingest') return;
      const auth = request.auth;
      try {
        await insertAudit(app.db, {
          cid: auth?.cid ?? 0,
          aid: auth?.aid ?? null,
          account: auth?.account ?? (request.body as { Account?: string } | undefined)?.Account ?? null,
          method: request.method,
          route: request.routeOptions.url ?? request.url.split('?')[0] ?? request.url,
          url: request.url.slice(0, 500),
          statusCode: reply.statusCode,
          title: pageTitle(request),
          ip: request.ip,
          target: targetOf(request),
        });
      } catch (error) {
        request.log.error({ err: error }, 'audit write failed');
      }
    });
  },
  { name: 'audit', dependencies: ['core', 'authentication'] },
);
