import { createCompany, listCompanies, toListEnvelope, updateCompany } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { CompanyAdminService } from './company-admin.service';

/** Company administration (issue 20): the special administrator only; everyone else gets 403. */
export function companiesRoutes(app: FastifyInstance, admin: CompanyAdminService): void {
  registerEndpoint(app, listCompanies, async ({ auth, query }) => {
    const { rows, total } = await admin.list(admin.authorise(auth), query);
    return toListEnvelope(rows, total);
  });

  registerEndpoint(app, createCompany, async ({ auth, body }) => {
    const { cid, expires, unsentLink } = await admin.create(admin.authorise(auth), body);
    return {
      status: 0,
      message: unsentLink
        ? 'Company created; no mail server is configured: pass the invitation link on yourself'
        : 'Company created; invitation queued',
      CID: cid,
      expired: expires.toISOString(),
      MailSent: unsentLink === null,
      ...(unsentLink ? { InvitationLink: unsentLink } : {}),
    };
  });

  registerEndpoint(app, updateCompany, async ({ auth, params, body }) => {
    await admin.update(admin.authorise(auth), params.cid, body);
    return { status: 0, message: 'Company updated' };
  });
}
