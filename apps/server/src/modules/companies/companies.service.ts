import type { Database, Sql } from '../../db/database';
import { TxHooks } from '../../lib/tx-hooks';
import * as repo from './companies.repository';

export interface NewCompany {
  /** Only the first start chooses the id (company 1). */
  cid?: number;
  name: string;
  /** 1 platform, 2 publisher, 3 aggregator. */
  operatorType: 1 | 2 | 3;
  /** Defaults: USD, Asia/Taipei, active. */
  baseCurrency?: string;
  timeZone?: string;
  active?: boolean;
}

export interface CreatedCompany {
  cid: number;
  name: string;
  operatorType: 1 | 2 | 3;
}

/** Writes what a domain gives every new company (alert-rules: the default rules), in its transaction. */
export type CompanyDefaults = (sql: Sql, company: CreatedCompany) => Promise<void>;

/**
 * Companies. Domains that seed a new company register their defaults with `addDefaults`; creating a
 * company (the first start, tests, later the company administration) writes them in its transaction.
 */
export class CompaniesService {
  private readonly defaults = new TxHooks<CreatedCompany>();

  constructor(private readonly db: Database) {}

  addDefaults(name: string, write: CompanyDefaults): void {
    this.defaults.add(name, write);
  }

  /** Creates a company with every registered default, in `sql` (a transaction) or in a transaction of its own. */
  async create(company: NewCompany, sql?: Sql): Promise<number> {
    if (!sql) return this.db.tx((tx) => this.create(company, tx));
    const cid = await repo.insertCompany(sql, company);
    await this.defaults.run(sql, { cid, name: company.name, operatorType: company.operatorType });
    return cid;
  }
}
