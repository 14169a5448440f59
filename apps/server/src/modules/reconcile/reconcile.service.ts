import type {
  GameFigures,
  ReconcileCustomer,
  ReconcileReport,
  ReconcileStatus,
  ReconcileWorkflow,
  ReconcileWorkflowDetail,
  UpdateReconcileCustomerBody,
} from '@pitboss/contract';
import { currencyDecimals, decimalsOf } from '@pitboss/contract';
import type { Database, Sql } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import * as repo from './reconcile.repository';
import { adjustmentProblem, transitionProblem } from './reconcile-machine';
import { commissionDueMinor, fromMinor, toMinor } from './reconcile-money';

/** A month's bets summed in the company base currency (amounts as decimal text): what freezing stores. */
interface BaseFigures {
  Rounds: number;
  Players: number;
  Games: { GameID: string; Rounds: number; Players: number; Turnover: string; Payout: string }[];
}

function toBase(rows: repo.FigureRow[]): BaseFigures {
  const total = rows.find((r) => r.game_id === null);
  return {
    Rounds: total?.rounds ?? 0,
    Players: total?.players ?? 0,
    Games: rows
      .filter((r) => r.game_id !== null)
      .map((r) => ({
        GameID: r.game_id as string,
        Rounds: r.rounds,
        Players: r.players,
        Turnover: r.turnover,
        Payout: r.payout,
      })),
  };
}

/** Frozen figures as stored (figures frozen before conversion existed hold numbers). */
function frozenBase(frozen: unknown): BaseFigures {
  const f = frozen as {
    Rounds: number;
    Players: number;
    Games: { GameID: string; Rounds: number; Players: number; Turnover: string | number; Payout: string | number }[];
  };
  return {
    Rounds: f.Rounds,
    Players: f.Players,
    Games: f.Games.map((g) => ({
      GameID: g.GameID,
      Rounds: g.Rounds,
      Players: g.Players,
      Turnover: String(g.Turnover),
      Payout: String(g.Payout),
    })),
  };
}

/** Units of the base currency per unit of the customer's currency, and the rate's date (null: the base currency). */
interface Rate {
  rate: string;
  date: string | null;
}

/** Figures in the customer's currency, in minor units (null: no rate converts them). */
interface Converted {
  Rounds: number;
  Players: number;
  Games: { GameID: string; Rounds: number; Players: number; turnover: bigint | null; payout: bigint | null }[];
  turnover: bigint | null;
  payout: bigint | null;
}

/** Each game's turnover and payout converted and rounded to the currency's decimals; the totals are their sums. */
function convert(base: BaseFigures, rate: Rate | null, decimals: number): Converted {
  const games = base.Games.map((g) => ({
    GameID: g.GameID,
    Rounds: g.Rounds,
    Players: g.Players,
    turnover: rate ? toMinor(g.Turnover, rate.rate, decimals) : null,
    payout: rate ? toMinor(g.Payout, rate.rate, decimals) : null,
  }));
  const sum = (pick: (g: (typeof games)[number]) => bigint | null) =>
    rate ? games.reduce((s, g) => s + (pick(g) as bigint), 0n) : null;
  return {
    Rounds: base.Rounds,
    Players: base.Players,
    Games: games,
    turnover: sum((g) => g.turnover),
    payout: sum((g) => g.payout),
  };
}

const ggrOf = (f: { turnover: bigint | null; payout: bigint | null }) =>
  f.turnover === null || f.payout === null ? null : f.turnover - f.payout;

/** Minor units (or null) as the wire's number. */
function amount(minor: bigint | null, decimals: number): number | null {
  return minor === null ? null : fromMinor(minor, decimals);
}

function gameOut(g: Converted['Games'][number], decimals: number): GameFigures {
  return {
    GameID: g.GameID,
    Rounds: g.Rounds,
    Players: g.Players,
    Turnover: amount(g.turnover, decimals),
    Payout: amount(g.payout, decimals),
    GGR: amount(ggrOf(g), decimals),
  };
}

/** Commission due in the customer's currency (null while the figures have no rate). */
function commissionOf(
  customer: repo.CustomerRow | undefined,
  total: bigint | null,
  turnover: bigint | null,
  decimals: number,
): number | null {
  if (!customer) return 0;
  if (total === null || turnover === null) return null;
  return fromMinor(
    commissionDueMinor(
      { basis: customer.commission_basis, percent: customer.commission_rate, minimumFee: customer.minimum_fee },
      { total, turnover },
      decimals,
    ),
    decimals,
  );
}

/** The minimum fee is an amount of the customer's currency: at most its decimals. */
function refuseFeeDecimals(fee: number, currency: string): void {
  const decimals = currencyDecimals(currency);
  if (decimalsOf(fee) > decimals) throw badRequest('MinimumFee', `${currency} has at most ${decimals} decimals`);
}

function customerOut(r: repo.CustomerRow): ReconcileCustomer {
  return {
    ID: r.id,
    BusinessName: r.business_name,
    Status: r.status,
    Currency: r.currency,
    CommissionBasis: r.commission_basis,
    CommissionRate: Number(r.commission_rate),
    MinimumFee: Number(r.minimum_fee),
    Contacts: r.contacts,
    CustomerIDs: r.customer_ids,
    Memo: r.memo,
    CreateDate: r.created_at,
    UpdateDate: r.updated_at,
  };
}

/** The current month (YYYY-MM) in `timeZone`. */
function currentMonth(timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(
    new Date(),
  );
  return `${parts.find((p) => p.type === 'year')?.value}-${parts.find((p) => p.type === 'month')?.value}`;
}

function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return months;
}

/**
 * Traffic reconciliation (issue 20, DESIGN §10) of the caller's company. Admins of publishers only:
 * the endpoint's price level refuses other companies, and `guard` checks the publisher flag again.
 */
export class ReconcileService {
  constructor(private readonly db: Database) {}

  private guard(auth: AuthContext): void {
    if (!auth.isPublisher && !auth.isSuperAdmin)
      throw forbidden('Reconciliation is for publishers', 'PRICE_LEVEL_FORBIDDEN');
  }

  async listCustomers(
    auth: AuthContext,
    q: {
      SearchKey?: '1' | '2' | undefined;
      Keyword?: string | undefined;
      Status?: string | undefined;
      page: number;
      pageSize: number;
    },
  ) {
    this.guard(auth);
    const { rows, total } = await repo.listCustomers(this.db, auth.cid, {
      searchKey: q.SearchKey,
      keyword: q.Keyword,
      status: q.Status,
      ...pageWindow(q),
    });
    return { rows: rows.map(customerOut), total };
  }

  async createCustomer(auth: AuthContext, body: Required<UpdateReconcileCustomerBody>): Promise<number> {
    this.guard(auth);
    refuseFeeDecimals(body.MinimumFee, body.Currency);
    return this.db.tx(async (sql) => {
      await this.refuseTakenIds(sql, auth.cid, body.CustomerIDs);
      const id = await repo.insertCustomer(sql, auth.cid, this.values(body));
      await repo.replaceCustomerIds(sql, auth.cid, id, body.CustomerIDs);
      return id;
    });
  }

  async updateCustomer(auth: AuthContext, id: number, body: UpdateReconcileCustomerBody): Promise<void> {
    this.guard(auth);
    await this.db.tx(async (sql) => {
      const current = await repo.findCustomer(sql, auth.cid, id, true);
      if (!current) throw notFound(`Customer ${id}`);
      const merged = {
        ...customerOut(current),
        ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
      };
      refuseFeeDecimals(merged.MinimumFee as number, merged.Currency as string);
      if (body.CustomerIDs) await this.refuseTakenIds(sql, auth.cid, body.CustomerIDs, id);
      await repo.updateCustomer(sql, auth.cid, id, this.values(merged as Required<UpdateReconcileCustomerBody>));
      if (body.CustomerIDs) await repo.replaceCustomerIds(sql, auth.cid, id, body.CustomerIDs);
      if (body.Currency && body.Currency !== current.currency) {
        await repo.followCustomerCurrency(sql, auth.cid, id, body.Currency);
      }
    });
  }

  private values(b: Required<UpdateReconcileCustomerBody>): repo.CustomerValues {
    return {
      businessName: b.BusinessName,
      status: b.Status,
      currency: b.Currency,
      commissionBasis: b.CommissionBasis,
      commissionRate: b.CommissionRate,
      minimumFee: b.MinimumFee,
      contacts: b.Contacts,
      memo: b.Memo,
    };
  }

  private async refuseTakenIds(sql: Sql, cid: number, ids: string[], except?: number): Promise<void> {
    const taken = await repo.takenCustomerIds(sql, cid, ids, except);
    if (taken.length > 0) {
      throw new AppError(
        409,
        'CUSTOMER_ID_TAKEN',
        `CustomerIDs: ${taken.join(', ')} already belong to another customer`,
        [{ field: 'CustomerIDs', message: `${taken.join(', ')} already belong to another customer` }],
      );
    }
  }

  async listWorkflows(
    auth: AuthContext,
    q: {
      Month?: string | undefined;
      CustomerIDs?: number[] | undefined;
      Status?: string | undefined;
      page: number;
      pageSize: number;
    },
  ): Promise<{ rows: ReconcileWorkflow[]; total: number }> {
    this.guard(auth);
    const company = await repo.companyMoney(this.db, auth.cid);
    const { rows, total } = await repo.listWorkflows(this.db, auth.cid, {
      month: q.Month,
      customers: q.CustomerIDs,
      status: q.Status,
      ...pageWindow(q),
    });
    const out: ReconcileWorkflow[] = [];
    for (const row of rows) out.push((await this.figuresOf(this.db, auth.cid, row, company)).summary);
    return { rows: out, total };
  }

  async openWorkflow(auth: AuthContext, body: { CustomerID: number; Month: string }): Promise<number> {
    this.guard(auth);
    return this.db.tx(async (sql) => {
      const company = await repo.companyMoney(sql, auth.cid);
      if (body.Month > currentMonth(company.time_zone)) throw badRequest('Month', 'must not be in the future');
      if (!(await repo.findCustomer(sql, auth.cid, body.CustomerID))) {
        throw badRequest('CustomerID', `no customer ${body.CustomerID}`);
      }
      const id = await repo.insertWorkflow(sql, auth.cid, body.CustomerID, body.Month);
      if (id === undefined) {
        throw new AppError(409, 'RECONCILE_EXISTS', `Month: ${body.Month} is already open for this customer`, [
          { field: 'Month', message: `${body.Month} is already open for this customer` },
        ]);
      }
      await repo.insertHistory(sql, auth.cid, { workflow: id, from: null, to: '0', memo: '', aid: auth.aid });
      return id;
    });
  }

  async getWorkflow(auth: AuthContext, id: number): Promise<ReconcileWorkflowDetail> {
    this.guard(auth);
    const company = await repo.companyMoney(this.db, auth.cid);
    const row = await repo.findWorkflow(this.db, auth.cid, id);
    if (!row) throw notFound(`Reconciliation ${id}`);
    const { summary, figures, live, decimals } = await this.figuresOf(this.db, auth.cid, row, company);
    const adjustments = await repo.listAdjustments(this.db, auth.cid, id);
    const history = await repo.listHistory(this.db, auth.cid, id);
    let difference: ReconcileWorkflowDetail['Difference'] = null;
    if (row.frozen) {
      // What the bill would say now minus what it said when sent, both at the rate of the freeze.
      const minus = (a: bigint | null, b: bigint | null | undefined) => (a === null ? null : a - (b ?? 0n));
      const frozenByGame = new Map(figures.Games.map((g) => [g.GameID, g]));
      const games = live.Games.map((g) => {
        const f = frozenByGame.get(g.GameID);
        return gameOut(
          {
            GameID: g.GameID,
            Rounds: g.Rounds - (f?.Rounds ?? 0),
            Players: g.Players - (f?.Players ?? 0),
            turnover: minus(g.turnover, f?.turnover),
            payout: minus(g.payout, f?.payout),
          },
          decimals,
        );
      }).filter((g) => g.Rounds !== 0 || g.Turnover !== 0 || g.Payout !== 0);
      const turnover = minus(live.turnover, figures.turnover);
      const payout = minus(live.payout, figures.payout);
      difference = {
        Rounds: live.Rounds - figures.Rounds,
        Turnover: amount(turnover, decimals),
        Payout: amount(payout, decimals),
        GGR: amount(ggrOf({ turnover, payout }), decimals),
        Games: games,
      };
    }
    return {
      ...summary,
      Games: figures.Games.map((g) => gameOut(g, decimals)),
      Difference: difference,
      AdjustmentList: adjustments.map((a) => ({
        ID: a.id,
        Adjust: a.adjust,
        Amount: Number(a.amount),
        ReportMonth: a.report_month,
        Memo: a.memo,
        CreatedBy: a.account ?? '',
        CreateDate: a.created_at,
      })),
      History: history.map((h) => ({
        From: h.from_status,
        To: h.to_status,
        Memo: h.memo,
        CreatedBy: h.account ?? '',
        CreateDate: h.created_at,
      })),
    };
  }

  async setStatus(auth: AuthContext, id: number, body: { Status: ReconcileStatus; Memo: string }): Promise<void> {
    this.guard(auth);
    await this.db.tx(async (sql) => {
      const row = await repo.findWorkflow(sql, auth.cid, id, true);
      if (!row) throw notFound(`Reconciliation ${id}`);
      const problem = transitionProblem(row.status, body.Status, body.Memo);
      if (problem) throw problem;
      let frozen: Parameters<typeof repo.setStatus>[4];
      if (body.Status === '2') {
        // Frozen now, with the rate of now: bets arriving later show as a difference, never as a
        // change of the bill sent, and a rate added later changes nothing either.
        const company = await repo.companyMoney(sql, auth.cid);
        const rate = await this.rateOf(sql, auth.cid, row.currency, row.month, company.base_currency);
        if (!rate) {
          throw new AppError(
            409,
            'RECONCILE_NO_RATE',
            `Currency: no ${row.currency} rate on or before the end of ${row.month}; add one in the currency settings`,
            [{ field: 'Currency', message: `no ${row.currency} rate on or before the end of ${row.month}` }],
          );
        }
        const month = await repo.monthFigures(sql, auth.cid, row.customer, row.month, company.time_zone);
        frozen = { figures: toBase(month), rate: rate.rate, rateDate: rate.date };
      } else if (body.Status === '0') {
        frozen = { figures: null };
      }
      await repo.setStatus(sql, auth.cid, id, body.Status, frozen);
      await repo.insertHistory(sql, auth.cid, {
        workflow: id,
        from: row.status,
        to: body.Status,
        memo: body.Memo,
        aid: auth.aid,
      });
    });
  }

  /** Adjustments are entered in the reconciliation's currency, with at most its decimals. */
  async addAdjustment(
    auth: AuthContext,
    id: number,
    body: { Adjust: 0 | 1; Amount: number; ReportMonth: 0 | 1; Memo: string },
  ): Promise<number> {
    this.guard(auth);
    return this.db.tx(async (sql) => {
      const row = await repo.findWorkflow(sql, auth.cid, id, true);
      if (!row) throw notFound(`Reconciliation ${id}`);
      const problem = adjustmentProblem(row.status, body.Amount, row.currency);
      if (problem) throw problem;
      return repo.insertAdjustment(sql, auth.cid, {
        workflow: id,
        adjust: body.Adjust,
        amount: body.Amount,
        reportMonth: body.ReportMonth,
        memo: body.Memo,
        aid: auth.aid,
      });
    });
  }

  async report(
    auth: AuthContext,
    q: { From: string; To: string; CustomerIDs?: number[] | undefined; GameIDs?: string[] | undefined },
  ): Promise<ReconcileReport> {
    this.guard(auth);
    if (q.From > q.To) throw badRequest('To', 'must not be before From');
    const months = monthsBetween(q.From, q.To);
    if (months.length > 36) throw badRequest('To', 'at most 36 months at once');
    const company = await repo.companyMoney(this.db, auth.cid);
    if (q.To > currentMonth(company.time_zone)) throw badRequest('To', 'must not be in the future');
    const customers = await repo.customerNames(this.db, auth.cid, q.CustomerIDs);
    const live = await repo.reportFigures(this.db, auth.cid, {
      from: q.From,
      to: q.To,
      customers: q.CustomerIDs,
      games: q.GameIDs,
      timeZone: company.time_zone,
    });
    const workflows = await repo.reportWorkflows(this.db, auth.cid, {
      from: q.From,
      to: q.To,
      customers: q.CustomerIDs,
    });
    const byKey = new Map(workflows.map((w) => [`${w.customer} ${w.month}`, w]));
    const liveByKey = new Map<string, BaseFigures['Games']>();
    for (const r of live) {
      const key = `${r.customer} ${r.month}`;
      const games = liveByKey.get(key) ?? [];
      games.push({
        GameID: r.game_id as string,
        Rounds: r.rounds,
        Players: r.players,
        Turnover: r.turnover,
        Payout: r.payout,
      });
      liveByKey.set(key, games);
    }
    const rates = new Map<string, Rate | null>();
    const rows: ReconcileReport['Rows'] = [];
    const totals: ReconcileReport['Totals'] = [];
    for (const c of customers) {
      for (const month of months) {
        const key = `${c.id} ${month}`;
        const w = byKey.get(key);
        // Frozen months report the figures of the bill, at the rate of the bill.
        let games = liveByKey.get(key) ?? [];
        let rate: Rate | null;
        const currency = w?.currency ?? c.currency;
        if (w?.frozen) {
          games = frozenBase(w.frozen).Games.filter((g) => !q.GameIDs || q.GameIDs.includes(g.GameID));
          rate = w.frozen_rate === null ? null : { rate: w.frozen_rate, date: w.frozen_rate_date };
        } else {
          const rateKey = `${currency} ${month}`;
          if (!rates.has(rateKey)) {
            rates.set(rateKey, await this.rateOf(this.db, auth.cid, currency, month, company.base_currency));
          }
          rate = rates.get(rateKey) ?? null;
        }
        if (!w && games.length === 0) continue;
        const decimals = currencyDecimals(currency);
        const converted = convert({ Rounds: 0, Players: 0, Games: games }, rate, decimals);
        for (const g of converted.Games) {
          rows.push({
            CustomerID: c.id,
            BusinessName: c.business_name,
            Month: month,
            Currency: currency,
            ...gameOut(g, decimals),
          });
        }
        const ggr = ggrOf(converted);
        const adjustments = w ? toMinor(w.adjustments, 1, decimals) : 0n;
        const total = ggr === null ? null : ggr + adjustments;
        totals.push({
          CustomerID: c.id,
          BusinessName: c.business_name,
          Month: month,
          Status: w?.status ?? null,
          Currency: currency,
          Rate: rate ? Number(rate.rate) : null,
          RateDate: rate?.date ?? null,
          GGR: amount(ggr, decimals),
          Adjustments: fromMinor(adjustments, decimals),
          Total: amount(total, decimals),
          CommissionDue: commissionOf(c, total, converted.turnover, decimals),
        });
      }
    }
    rows.sort(
      (a, b) => a.CustomerID - b.CustomerID || a.Month.localeCompare(b.Month) || a.GameID.localeCompare(b.GameID),
    );
    return { BaseCurrency: company.base_currency, Months: months, Rows: rows, Totals: totals };
  }

  /** The rate of `currency` as of `month` (1 for the base currency), or null when there is none. */
  private async rateOf(sql: Sql, cid: number, currency: string, month: string, base: string): Promise<Rate | null> {
    if (currency === base) return { rate: '1', date: null };
    return (await repo.rateAsOf(sql, cid, currency, month)) ?? null;
  }

  /**
   * The workflow's figures in its currency (the frozen ones at the frozen rate once frozen), the
   * live ones at the same rate, and its list summary.
   */
  private async figuresOf(
    sql: Sql,
    cid: number,
    row: repo.WorkflowRow,
    company: { base_currency: string; time_zone: string },
  ): Promise<{ summary: ReconcileWorkflow; figures: Converted; live: Converted; decimals: number }> {
    const decimals = currencyDecimals(row.currency);
    const rate: Rate | null = row.frozen
      ? row.frozen_rate === null
        ? null
        : { rate: row.frozen_rate, date: row.frozen_rate_date }
      : await this.rateOf(sql, cid, row.currency, row.month, company.base_currency);
    const liveBase = toBase(await repo.monthFigures(sql, cid, row.customer, row.month, company.time_zone));
    const live = convert(liveBase, rate, decimals);
    const figures = row.frozen ? convert(frozenBase(row.frozen), rate, decimals) : live;
    const customer = await repo.findCustomer(sql, cid, row.customer);
    const adjustments = toMinor(row.adjustments, 1, decimals);
    const ggr = ggrOf(figures);
    const total = ggr === null ? null : ggr + adjustments;
    const summary: ReconcileWorkflow = {
      ID: row.id,
      CustomerID: row.customer,
      BusinessName: row.business_name,
      Month: row.month,
      Status: row.status,
      Currency: row.currency,
      BaseCurrency: company.base_currency,
      Rate: rate ? Number(rate.rate) : null,
      RateDate: rate?.date ?? null,
      Rounds: figures.Rounds,
      Players: figures.Players,
      Turnover: amount(figures.turnover, decimals),
      Payout: amount(figures.payout, decimals),
      GGR: amount(ggr, decimals),
      Adjustments: fromMinor(adjustments, decimals),
      Total: amount(total, decimals),
      CommissionDue: commissionOf(customer, total, figures.turnover, decimals),
      FrozenAt: row.frozen_at,
      CreateDate: row.created_at,
      UpdateDate: row.updated_at,
    };
    return { summary, figures, live, decimals };
  }
}
