import type { CompanyInfo } from './stored-batch';

/** Rates remembered per company between batches, bounded. */
const MAX_REMEMBERED_RATES = 10_000;

/**
 * Each company's settings and the rates its transactions read, as last read under its lock: a group is
 * planned with them before its transaction, which checks under the lock that they still hold.
 */
export class CompanyMemory {
  private readonly companies = new Map<number, CompanyInfo>();
  private readonly rates = new Map<number, Map<string, string | null>>();

  company(cid: number): CompanyInfo | undefined {
    return this.companies.get(cid);
  }

  /** `currency|day` → rate (null: none on or before that day), as far as known. */
  knownRates(cid: number): ReadonlyMap<string, string | null> | undefined {
    return this.rates.get(cid);
  }

  /** Keeps the company's settings and rates as read under its lock, for planning its next groups. */
  remember(company: CompanyInfo, rates: ReadonlyMap<string, string | null>): void {
    this.companies.set(company.cid, company);
    let known = this.rates.get(company.cid);
    if (!known || known.size + rates.size > MAX_REMEMBERED_RATES) {
      known = new Map();
      this.rates.set(company.cid, known);
    }
    for (const [key, rate] of rates) known.set(key, rate);
  }
}

/**
 * Per company, whether to take a faster way that does not always work: yes, unless it failed lately
 * (`pause`); then not for the next `RETRY_EVERY` groups.
 */
export class Cooldown {
  private static readonly RETRY_EVERY = 32;
  private readonly skipping = new Map<number, number>();

  use(cid: number): boolean {
    const left = this.skipping.get(cid);
    if (left === undefined) return true;
    if (left <= 0) {
      this.skipping.delete(cid);
      return true;
    }
    this.skipping.set(cid, left - 1);
    return false;
  }

  pause(cid: number): void {
    this.skipping.set(cid, Cooldown.RETRY_EVERY);
  }
}
