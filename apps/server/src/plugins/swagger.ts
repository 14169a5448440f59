import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/** The OpenAPI document, generated from the contract's zod schemas, at /api/docs (JSON at /api/docs/json). */
export const swaggerPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Pitboss API',
          description:
            'Risk-control console API. Every call but login and ingest needs `Authorization: Bearer <token>`; ' +
            'ingest calls take an ingest key as the bearer token. Errors answer `{status, message, messageCode}`.',
          version: app.consoleVersion.current,
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  },
  { name: 'swagger', dependencies: ['version'] },
);
