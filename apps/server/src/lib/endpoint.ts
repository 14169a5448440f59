import { type Endpoint, type EndpointIo, roleHasAccess } from '@pitboss/contract';
import { ROUTE_IO, type RouteSchemas } from '@pitboss/contract/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthContext } from './auth-context';
import { forbidden } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint's access level (the audit skips `ingest`). */
    access?: string;
    auditBody?: boolean;
  }
}

/** Validates params and query as usual and hands the body to the handler as it was parsed. */
const bodyPassThrough: FastifySchemaCompiler<Record<string, unknown>> = (route) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route as never);

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface EndpointRequest<E extends Endpoint> {
  params: Out<EndpointIo<E>['params']>;
  query: Out<EndpointIo<E>['querystring']>;
  body: Out<EndpointIo<E>['body']>;
  /** Present for every access level but `public` and `ingest`. */
  auth: AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface EndpointOptions {
  /** Keep the request body out of the audit log (bulk uploads). */
  auditBody?: boolean;
  bodyLimit?: number;
  /**
   * false: the handler validates the body itself (ingest refuses a batch with the index of each bad
   * event); the body schema still documents the call in OpenAPI.
   */
  validateBody?: boolean;
}

/**
 * Registers a route from its contract: validation, serialisation and OpenAPI come from the zod
 * schemas of the endpoint (`ROUTE_IO[endpoint.id]`); access (role and price level) is checked before
 * the handler runs.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (req: EndpointRequest<E>) => Promise<z.input<EndpointIo<E>['response']>>,
  options: EndpointOptions = {},
): void {
  const io = (ROUTE_IO as Record<string, RouteSchemas | undefined>)[endpoint.id];
  if (!io) throw new Error(`No schemas for endpoint ${endpoint.id} in ROUTE_IO`);
  const schema: Record<string, unknown> = {
    summary: endpoint.summary,
    tags: [endpoint.tag],
    response: { 200: io.response },
  };
  if (io.params) schema.params = io.params;
  if (io.querystring) schema.querystring = io.querystring;
  if (io.body) schema.body = io.body;
  if (endpoint.access !== 'public' && endpoint.access !== 'ingest') schema.security = [{ bearer: [] }];

  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config: { access: endpoint.access, auditBody: options.auditBody ?? true },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.validateBody === false ? { validatorCompiler: bodyPassThrough } : {}),
    // Authentication runs before validation: a caller without a token learns nothing about the body.
    onRequest: async (request) => {
      if (endpoint.access === 'public' || endpoint.access === 'ingest') return;
      const auth = await app.authenticate(request);
      if (!roleHasAccess(auth.role, endpoint.access)) throw forbidden();
      if (endpoint.superAdminOnly && !auth.isSuperAdmin) {
        throw forbidden('Only the special administrator may administer companies');
      }
      if (endpoint.priceLevels && !auth.isSuperAdmin && !endpoint.priceLevels.includes(auth.priceLevel)) {
        throw forbidden('This page is not available for your company type', 'PRICE_LEVEL_FORBIDDEN');
      }
    },
    handler: async (request, reply) =>
      handler({
        params: request.params as Out<EndpointIo<E>['params']>,
        query: request.query as Out<EndpointIo<E>['querystring']>,
        body: request.body as Out<EndpointIo<E>['body']>,
        auth: request.auth as AuthContext,
        request,
        reply,
      }),
  });
}
