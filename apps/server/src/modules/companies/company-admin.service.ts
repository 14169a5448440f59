import type { Company, CreateCompanyBody, UpdateCompanyBody } from '@pitboss/contract';
import type { Database, Sql } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import * as repo from './companies.repository';
import type { CompaniesService } from './companies.service';

/** Who administers companies: the special administrator through the API, or the command line (`aid` null). */
export interface CompanyActor {
  aid: number | null;
}

/** Invites the first administrator of a new company by mail, in the caller's transaction (set by the users domain). */
export type AdminInviter = (
  sql: Sql,
  company: repo.CompanyRow,
  invite: { mail: string; createdBy: number | null },
) => Promise<{ expiresAt: Date; unsentLink: string | null }>;

type NormalisedCreate = {
  Name: string;
  OperatorType: 1 | 2 | 3;
  BaseCurrency: string;
  TimeZone: string;
  Active: boolean;
  Mail: string;
};

/**
 * Company administration (issue 20): list, create (with every domain's defaults and the first
 * administrator invited by mail) and edit companies. Through the API only the special administrator
 * (`PITBOSS_SUPERADMIN`) may; `npm run admin` calls the same methods for an installation without one.
 */
export class CompanyAdminService {
  private inviter: AdminInviter | undefined;

  constructor(
    private readonly db: Database,
    private readonly companies: CompaniesService,
    private readonly wake: () => void = () => {},
  ) {}

  /** The users domain tells how a first administrator is invited. */
  setAdminInviter(inviter: AdminInviter): void {
    this.inviter = inviter;
  }

  /** Refuses everyone but the special administrator. */
  authorise(auth: AuthContext): CompanyActor {
    if (!auth.isSuperAdmin) {
      throw forbidden('Only the special administrator may administer companies', 'FORBIDDEN');
    }
    return { aid: auth.aid };
  }

  async list(
    actor: CompanyActor,
    q: { Name?: string | undefined; page: number; pageSize: number },
  ): Promise<{ rows: Company[]; total: number }> {
    void actor;
    const { rows, total } = await repo.listCompanies(this.db, { name: q.Name, ...pageWindow(q) });
    return {
      rows: rows.map((r) => ({
        CID: r.cid,
        Name: r.name,
        OperatorType: r.operator_type,
        BaseCurrency: r.base_currency,
        TimeZone: r.time_zone,
        Active: r.active,
        Admins: r.admins,
        CreateDate: r.created_at,
      })),
      total,
    };
  }

  /** A new company with its defaults; its first administrator is invited by mail. */
  async create(
    actor: CompanyActor,
    body: NormalisedCreate | CreateCompanyBody,
  ): Promise<{ cid: number; expires: Date; unsentLink: string | null }> {
    const inviter = this.inviter;
    if (!inviter) throw new Error('No administrator inviter registered (the users domain sets it)');
    const result = await this.db.tx(async (sql) => {
      const cid = await this.companies.create(
        {
          name: body.Name,
          operatorType: body.OperatorType,
          baseCurrency: body.BaseCurrency ?? 'USD',
          timeZone: body.TimeZone ?? 'Asia/Taipei',
          active: body.Active ?? true,
        },
        sql,
      );
      const company = await repo.lockCompany(sql, cid);
      if (!company) throw notFound(`Company ${cid}`);
      const { expiresAt, unsentLink } = await inviter(sql, company, { mail: body.Mail, createdBy: actor.aid });
      return { cid, expires: expiresAt, unsentLink };
    });
    this.wake();
    return result;
  }

  async update(actor: CompanyActor, cid: number, body: UpdateCompanyBody): Promise<void> {
    void actor;
    await this.db.tx(async (sql) => {
      const company = await repo.lockCompany(sql, cid);
      if (!company) throw notFound(`Company ${cid}`);
      if (body.BaseCurrency !== undefined && body.BaseCurrency !== company.base_currency) {
        const rates = await repo.countCurrencyRates(sql, cid);
        if (rates > 0) {
          throw new AppError(
            409,
            'BASE_CURRENCY_HAS_RATES',
            `BaseCurrency: ${rates} exchange rates are relative to ${company.base_currency}; change it in the company's system settings`,
            [{ field: 'BaseCurrency', message: `${rates} exchange rates are relative to ${company.base_currency}` }],
          );
        }
      }
      await repo.updateCompany(sql, cid, {
        name: body.Name,
        operatorType: body.OperatorType,
        baseCurrency: body.BaseCurrency,
        timeZone: body.TimeZone,
        active: body.Active,
      });
    });
  }
}
