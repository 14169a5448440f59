import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { companiesRoutes } from './companies.routes';
import { CompaniesService } from './companies.service';
import { CompanyAdminService } from './company-admin.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Creates companies; `addDefaults(name, write)` is where a domain seeds every new company. */
    companies: CompaniesService;
    /** Company administration (special administrator, `npm run admin`); the users domain sets its inviter. */
    companyAdmin: CompanyAdminService;
  }
}

export const companiesPlugin = fp(
  async (app: FastifyInstance) => {
    const companies = new CompaniesService(app.db);
    const admin = new CompanyAdminService(app.db, companies, () => app.outbox.wake());
    app.decorate('companies', companies);
    app.decorate('companyAdmin', admin);
    companiesRoutes(app, admin);
  },
  { name: 'companies', dependencies: ['core', 'authentication', 'outbox'] },
);
