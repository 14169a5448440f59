import { endpoint } from '../common/endpoint';

/**
 * Company administration, for the special administrator (`PITBOSS_SUPERADMIN`) only: everyone else,
 * admins of any company included, gets 403. Schemas: `companiesIo` in `companies.schemas.ts`.
 */

export const listCompanies = endpoint('listCompanies', {
  method: 'GET',
  path: '/api/v2/system/company',
  summary: 'Every company of the installation (special administrator only)',
  tag: 'companies',
  access: 'admin',
  superAdminOnly: true,
});

export const createCompany = endpoint('createCompany', {
  method: 'POST',
  path: '/api/v2/system/company',
  summary:
    'Create a company with its defaults; its first administrator is invited by mail (special administrator only)',
  tag: 'companies',
  access: 'admin',
  superAdminOnly: true,
});

export const updateCompany = endpoint('updateCompany', {
  method: 'PUT',
  path: '/api/v2/system/company/:cid',
  summary: "Change a company's name, operator type, base currency, time zone or Active (special administrator only)",
  tag: 'companies',
  access: 'admin',
  superAdminOnly: true,
});
