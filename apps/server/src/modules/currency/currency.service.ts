import type { RateInForce, SaveCurrencyBody } from '@pitboss/contract';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import type { Live } from '../../plugins/live';
import { findCompany, lockCompany } from '../companies/companies.repository';
import * as repo from './currency.repository';

type RateKey = { Currency: string; Date: string };

/** Refuses a batch that names the same currency and date twice, naming both rows. */
function refuseRepeats(rows: RateKey[]): void {
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const key = `${row.Currency} ${row.Date}`;
    const first = seen.get(key);
    if (first !== undefined) badRequestAt(i, `repeats currency_UDT[${first}] (same Currency and Date)`);
    seen.set(key, i);
  });
}

function badRequestAt(index: number, message: string): never {
  throw badRequest(`currency_UDT[${index}]`, message);
}

/**
 * Exchange rates of the working company: one unit of a currency in base-currency units, per date.
 * Changes tell the company's open consoles to refetch their rate queries.
 */
export class CurrencyService {
  constructor(
    private readonly db: Database,
    private readonly live: Live,
  ) {}

  list(
    auth: AuthContext,
    q: {
      Currency?: string | undefined;
      Start?: string | undefined;
      End?: string | undefined;
      page: number;
      pageSize: number;
    },
  ) {
    if (q.Start && q.End && q.Start > q.End) throw badRequest('End', 'must not be before Start');
    return repo.listRates(this.db, auth.cid, {
      currency: q.Currency,
      start: q.Start,
      end: q.End,
      ...pageWindow(q),
    });
  }

  async save(auth: AuthContext, body: SaveCurrencyBody): Promise<number> {
    const rows = body.currency_UDT;
    refuseRepeats(rows);
    const saved = await this.db.tx(async (sql) => {
      const company = await lockCompany(sql, auth.cid);
      if (!company) throw notFound(`Company ${auth.cid}`);
      const base = rows.findIndex((r) => r.Currency === company.base_currency);
      if (base >= 0) {
        const field = `currency_UDT[${base}].Currency`;
        const message = `${company.base_currency} is the base currency: its rate is always 1`;
        throw new AppError(400, 'BASE_CURRENCY_RATE', `${field}: ${message}`, [{ field, message }]);
      }
      return repo.upsertRates(sql, auth.cid, rows);
    });
    this.changed(auth.cid);
    return saved;
  }

  /** Deletes all the given rates, or none when one of them does not exist. */
  async remove(auth: AuthContext, keys: RateKey[]): Promise<number> {
    refuseRepeats(keys);
    const deleted = await this.db.tx(async (sql) => {
      await lockCompany(sql, auth.cid);
      const missing = await repo.missingRates(sql, auth.cid, keys);
      const first = missing[0];
      if (first !== undefined) {
        const key = keys[first] as RateKey;
        throw new AppError(
          404,
          'NOT_FOUND',
          `currency_UDT[${first}]: there is no ${key.Currency} rate dated ${key.Date}`,
          [{ field: `currency_UDT[${first}]`, message: `there is no ${key.Currency} rate dated ${key.Date}` }],
        );
      }
      return repo.deleteRates(sql, auth.cid, keys);
    });
    this.changed(auth.cid);
    return deleted;
  }

  private changed(cid: number): void {
    this.live.publish(cid, { type: 'invalidate', keys: ['currency'], cid });
  }

  /** The rates in force on `date`: the base currency (1) first, then the newest rate on or before it. */
  async inForce(auth: AuthContext, date: string): Promise<RateInForce[]> {
    const company = await findCompany(this.db, auth.cid);
    if (!company) throw notFound(`Company ${auth.cid}`);
    const rates = await repo.ratesOn(this.db, auth.cid, date);
    return [
      { Currency: company.base_currency, Rate: 1, Date: null, IsBase: true },
      ...rates.filter((r) => r.Currency !== company.base_currency).map((r) => ({ ...r, IsBase: false })),
    ];
  }
}
