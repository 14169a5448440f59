import { VERSION_PATH } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import type { VersionService } from './version.service';

export function versionRoutes(app: FastifyInstance, version: VersionService): void {
  app.get(VERSION_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { version: version.current };
  });
}
