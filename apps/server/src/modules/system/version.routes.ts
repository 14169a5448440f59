import { VERSION_PATH } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';

export async function versionRoutes(app: FastifyInstance): Promise<void> {
  app.get(VERSION_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { version: app.ctx.version.current };
  });
}
