import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { versionRoutes } from '../modules/system/version.routes';
import { VersionService } from '../modules/system/version.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The version this server serves (Fastify's own `app.version` is its release). */
    consoleVersion: VersionService;
  }
}

/** Watches the built console's `version.json` and answers it at `/version.json`. */
export const versionPlugin = fp(
  async (app: FastifyInstance) => {
    const version = new VersionService(app.config.consoleDir);
    app.decorate('consoleVersion', version);
    version.start();
    app.addHook('onClose', async () => version.stop());
    versionRoutes(app, version);
  },
  { name: 'version', dependencies: ['core'] },
);
