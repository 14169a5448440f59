import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { findTextIssue, type TextIssue, textProblem } from '../lib/text-hygiene';

/** Headers whose text is stored (the audit log's page title), URI-decoded as the console sends them. */
const STORED_HEADERS = ['title'];

function headerIssue(request: FastifyRequest): TextIssue | undefined {
  for (const name of STORED_HEADERS) {
    const raw = request.headers[name];
    const value = Array.isArray(raw) ? raw.join(',') : raw;
    if (value === undefined) continue;
    const field = name.charAt(0).toUpperCase() + name.slice(1);
    let decoded = value;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      // Not URI-encoded (a bare %): stored as sent, so checked as sent.
    }
    const message = textProblem(decoded, field);
    if (message) return { field, message };
  }
  return undefined;
}

/**
 * Refuses, before validation and before any handler, a request whose query, path, body or stored headers
 * hold text no field may hold (`lib/text-hygiene.ts`): 400 naming the field, nothing changed. Ingest
 * calls check their batches themselves (each refusal names the event's index).
 */
export const textHygienePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (!request.url.startsWith('/api')) return;
      if (request.routeOptions.config.access === 'ingest') return;
      const issue =
        headerIssue(request) ??
        findTextIssue(request.params, '') ??
        findTextIssue(request.query, '') ??
        findTextIssue(request.body, '');
      if (!issue) return;
      throw new AppError(400, 'VALIDATION_FAILED', `${issue.field}: ${issue.message}`, [issue]);
    });
  },
  { name: 'text-hygiene', dependencies: ['errors'] },
);
