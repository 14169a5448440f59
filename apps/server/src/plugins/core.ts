import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/database';

export interface CoreOptions {
  config: Config;
  /** An open, migrated database; the app does not close it. */
  db: Database;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
  }
}

/** What every other plugin stands on: the configuration and the database. */
export const corePlugin = fp(
  async (app: FastifyInstance, { config, db }: CoreOptions) => {
    app.decorate('config', config);
    app.decorate('db', db);
  },
  { name: 'core' },
);
