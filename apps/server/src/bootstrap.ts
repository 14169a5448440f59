import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { hashPassword } from './modules/auth/password';
import { countCompanies, lockFirstStart } from './modules/companies/companies.repository';
import { insertAdministrator } from './modules/users/users.repository';

export interface BootstrapResult {
  createdCompany: boolean;
  createdAdmin: boolean;
  /** Set only when a password was generated: shown once in the log. */
  generatedPassword?: string;
}

/**
 * First start on an empty database: company 1 "Demo Platform" (operator type 1, platform), created
 * through the companies service so it gets every domain's defaults, and an admin in it. Later starts
 * change nothing, even with other settings. A step of the start (like `migrate`), above the domains it
 * composes.
 */
export async function bootstrap(app: FastifyInstance, config: Config = app.config): Promise<BootstrapResult> {
  const result = await app.db.tx(async (sql) => {
    await lockFirstStart(sql);
    if ((await countCompanies(sql)) > 0)
      return { createdCompany: false, createdAdmin: false } satisfies BootstrapResult;
    const cid = await app.companies.create({ cid: 1, name: 'Demo Platform', operatorType: 1 }, sql);
    const generated = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
    const password = config.adminPassword ?? (generated as string);
    const createdAdmin = await insertAdministrator(sql, {
      account: config.adminAccount,
      name: 'Administrator',
      passwordHash: await hashPassword(password),
      cid,
    });
    return { createdCompany: true, createdAdmin, generatedPassword: generated } satisfies BootstrapResult;
  });
  const { log } = app;
  if (result.createdCompany) log.info('Created company 1 "Demo Platform" (platform)');
  if (result.createdAdmin) {
    if (result.generatedPassword) {
      // Printed once, on the first start only; set PITBOSS_ADMIN_PASSWORD to choose it instead.
      log.warn(
        `Created administrator account "${config.adminAccount}" with the generated password: ${result.generatedPassword}  (shown once; change it after logging in)`,
      );
    } else {
      log.info(`Created administrator account "${config.adminAccount}" with the password from PITBOSS_ADMIN_PASSWORD`);
    }
  }
  return result;
}
