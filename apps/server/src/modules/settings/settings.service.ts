import { canonicalIpEntry, type SystemSetting, type UpdateIpAllowlistBody } from '@pitboss/contract';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { IpMatcher, ipMatcher, isIpAllowed, normalizeIp } from '../../lib/ip-match';
import type { AuthService } from '../auth/auth.service';
import { findCompany, lockCompany } from '../companies/companies.repository';
import { countRates, deleteRatesOfCurrency } from '../currency/currency.repository';
import * as repo from './settings.repository';

/** System parameters of the working company: base currency, time zone, console IP allowlist. */
export class SettingsService {
  private readonly matcher = new IpMatcher();

  constructor(
    private readonly db: Database,
    private readonly sessions: Pick<AuthService, 'resolve'>,
  ) {}

  /**
   * Whether the caller's address may use the console of the company of `token` (any address when there
   * is no valid session, or its company has no allowlist). Public: a session whose address is refused
   * still learns that it is, and from which address.
   */
  async verifyIp(
    token: string | undefined,
    ip: string,
  ): Promise<{ IP: string; allowed: boolean; restricted: boolean }> {
    const session = token ? await this.sessions.resolve(token).catch(() => undefined) : undefined;
    const list = session?.ipAllowlist ?? [];
    return { IP: normalizeIp(ip), allowed: isIpAllowed(ipMatcher, list, ip), restricted: list.length > 0 };
  }

  async get(auth: AuthContext, ip: string): Promise<SystemSetting> {
    const company = await findCompany(this.db, auth.cid);
    if (!company) throw notFound(`Company ${auth.cid}`);
    const list = await repo.listAllowlist(this.db, auth.cid);
    return {
      BaseCurrency: company.base_currency,
      TimeZone: company.time_zone,
      IPAllowlist: list.map((r) => ({ IP: r.entry, Memo: r.memo, CreateDate: r.created_at })),
      CurrentIP: normalizeIp(ip),
    };
  }

  /**
   * Exchange rates are relative to the base currency: changing it once rates exist needs a
   * confirmation. The rates of the new base currency itself go (it is always 1); the others stay.
   */
  async update(
    auth: AuthContext,
    body: {
      BaseCurrency?: string | undefined;
      TimeZone?: string | undefined;
      ConfirmBaseCurrencyChange?: boolean | undefined;
    },
  ): Promise<string> {
    return this.db.tx(async (sql) => {
      const company = await lockCompany(sql, auth.cid);
      if (!company) throw notFound(`Company ${auth.cid}`);
      const changesBase = body.BaseCurrency !== undefined && body.BaseCurrency !== company.base_currency;
      let message = 'Settings saved';
      if (changesBase) {
        const rates = await countRates(sql, auth.cid);
        if (rates > 0 && !body.ConfirmBaseCurrencyChange) {
          throw new AppError(
            409,
            'BASE_CURRENCY_HAS_RATES',
            `BaseCurrency: ${rates} exchange rates are relative to ${company.base_currency}; review them, then confirm the change with ConfirmBaseCurrencyChange`,
            [{ field: 'BaseCurrency', message: `${rates} exchange rates are relative to ${company.base_currency}` }],
          );
        }
        await deleteRatesOfCurrency(sql, auth.cid, body.BaseCurrency as string);
        if (rates > 0) message = `Settings saved; review the exchange rates entered against ${company.base_currency}`;
      }
      await repo.updateCompanySettings(sql, auth.cid, { baseCurrency: body.BaseCurrency, timeZone: body.TimeZone });
      return message;
    });
  }

  /** Replaces the list; one that leaves out the caller's own address needs `ConfirmLockout`. Answers the settings after. */
  async replaceAllowlist(auth: AuthContext, body: UpdateIpAllowlistBody, ip: string): Promise<SystemSetting> {
    const seen = new Map<string, number>();
    const entries = body.IPs.map((e, i) => {
      const entry = canonicalIpEntry(e.IP);
      const first = seen.get(entry);
      if (first !== undefined) badRequestAt(i, `repeats IPs[${first}]`);
      seen.set(entry, i);
      return { entry, memo: e.Memo };
    });
    const list = entries.map((e) => e.entry);
    if (list.length > 0 && !this.matcher.matches(list, ip) && !body.ConfirmLockout) {
      throw new AppError(
        409,
        'IP_LOCKOUT',
        `Your address ${normalizeIp(ip)} is not in the list: saving it would lock you out of this company's console. Add your address, or confirm with ConfirmLockout`,
        [{ field: 'IPs', message: `does not include your address ${normalizeIp(ip)}` }],
      );
    }
    await this.db.tx(async (sql) => {
      await lockCompany(sql, auth.cid);
      await repo.replaceAllowlist(sql, auth.cid, entries, auth.aid);
    });
    return this.get(auth, ip);
  }
}

function badRequestAt(index: number, message: string): never {
  throw badRequest(`IPs[${index}].IP`, message);
}
