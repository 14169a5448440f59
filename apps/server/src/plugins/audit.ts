import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeForRecord, escapeValueForRecord } from '../lib/text-hygiene';
import { insertAudit } from '../modules/audit/audit.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** Why the call was refused or failed (`MESSAGE_CODE: message`), read from the error answer for the audit. */
    auditReason: string | null;
  }
}

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

/** The caller's account: the token's, else the one a login names (as text the database can hold). */
function accountOf(request: FastifyRequest): string | null {
  if (request.auth) return request.auth.account;
  const named = (request.body as { Account?: unknown } | undefined)?.Account;
  return typeof named === 'string' ? escapeForRecord(named.slice(0, 200)) : null;
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
  // What was sent, refused or not, is recorded: characters the database cannot hold are written as \uXXXX.
  const safe = escapeValueForRecord(target) as Record<string, unknown>;
  const text = JSON.stringify(safe);
  return text.length > MAX_TARGET_CHARS ? { truncated: true, params: safe.params } : safe;
}

/** `MESSAGE_CODE: message` of an error answer in the one error shape, or null. */
function reasonOf(statusCode: number, payload: unknown): string | null {
  if (statusCode < 400 || typeof payload !== 'string' || payload.length > 100_000) return null;
  try {
    const body = JSON.parse(payload) as { message?: unknown; messageCode?: unknown };
    const text = `${String(body.messageCode ?? statusCode)}: ${String(body.message ?? '')}`;
    return escapeForRecord(text).slice(0, 1000);
  } catch {
    return String(statusCode);
  }
}

/**
 * Writes every mutating `/api` call to `audit_log` with user, company, page title, IP, route and
 * outcome. It runs after the reply is sent, so it never slows the caller; a failure is logged.
 */
export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auditReason', null);
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode >= 400 && MUTATING.has(request.method)) {
        request.auditReason = reasonOf(reply.statusCode, payload);
      }
      return payload;
    });
    app.addHook('onResponse', async (request, reply) => {
      if (!MUTATING.has(request.method) || !request.url.startsWith('/api')) return;
      // Ingest calls are a platform's machine traffic (dozens a second), not a user's action.
      if (request.routeOptions.config.access === 'ingest') return;
      const auth = request.auth;
      try {
        await insertAudit(app.db, {
          cid: auth?.cid ?? 0,
          aid: auth?.aid ?? null,
          account: accountOf(request),
          method: request.method,
          route: request.routeOptions.url ?? request.url.split('?')[0] ?? request.url,
          url: escapeForRecord(request.url.slice(0, 500)),
          statusCode: reply.statusCode,
          title: escapeForRecord(pageTitle(request)),
          ip: request.ip,
          target: targetOf(request),
          reason: request.auditReason ?? (reply.statusCode >= 400 ? String(reply.statusCode) : null),
        });
      } catch (error) {
        request.log.error({ err: error }, 'audit write failed');
      }
    });
  },
  { name: 'audit', dependencies: ['core', 'authentication'] },
);
