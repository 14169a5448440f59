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
 * An empty query parameter (`?AID=&Account=`, as a console sends an unset filter) means no filter: it
 * is dropped before validation, as if it were absent (issue 21, item 7). Repeated ones lose their
 * empty values.
 */
function dropEmptyQueryParameters(request: FastifyRequest): void {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object') return;
  for (const [key, value] of Object.entries(query)) {
    if (value === '') delete query[key];
    else if (Array.isArray(value)) {
      const kept = value.filter((v) => v !== '');
      if (kept.length === 0) delete query[key];
      else query[key] = kept.length === 1 ? kept[0] : kept;
    }
  }
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
      dropEmptyQueryParameters(request);
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
