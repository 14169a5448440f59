import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CompaniesService } from './companies.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Creates companies; `addDefaults(name, write)` is where a domain seeds every new company. */
    companies: CompaniesService;
  }
}

export const companiesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('companies', new CompaniesService(app.db));
  },
  { name: 'companies', dependencies: ['core'] },
);
