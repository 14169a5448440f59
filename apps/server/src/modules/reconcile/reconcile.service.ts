import type {
  GameFigures,
  ReconcileCustomer,
  ReconcileReport,
  ReconcileStatus,
  ReconcileWorkflow,
  ReconcileWorkflowDetail,
  UpdateReconcileCustomerBody,
} from '@pitboss/contract';
import type { Database, Sql } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import * as repo from './reconcile.repository';
import { adjustmentProblem, commissionDue, transitionProblem } from './reconcile-machine';

interface Figures {
  Rounds: number;
  Players: number;
  Turnover: number;
  Payout: number;
  GGR: number;
  Games: GameFigures[];
}

const money = (text: string) => Number(text);

function toFigures(rows: repo.FigureRow[]): Figures {
  const games = rows
    .filter((r) => r.game_id !== null)
    .map((r) => ({
      GameID: r.game_id as string,
      Rounds: r.rounds,
      Players: r.players,
      Turnover: money(r.turnover),
      Payout: money(r.payout),
      GGR: money(r.turnover) - money(r.payout),
    }));
  const total = rows.find((r) => r.game_id === null);
  const turnover = total ? money(total.turnover) : 0;
  const payout = total ? money(total.payout) : 0;
  return {
    Rounds: total?.rounds ?? 0,
    Players: total?.players ?? 0,
    Turnover: turnover,
    Payout: payout,
    GGR: turnover - payout,
    Games: games,
  };
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
      if (body.CustomerIDs) await this.refuseTakenIds(sql, auth.cid, body.CustomerIDs, id);
      await repo.updateCustomer(sql, auth.cid, id, this.values(merged as Required<UpdateReconcileCustomerBody>));
      if (body.CustomerIDs) await repo.replaceCustomerIds(sql, auth.cid, id, body.CustomerIDs);
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
    const { summary, figures, live } = await this.figuresOf(this.db, auth.cid, row, company);
    const adjustments = await repo.listAdjustments(this.db, auth.cid, id);
    const history = await repo.listHistory(this.db, auth.cid, id);
    let difference: ReconcileWorkflowDetail['Difference'] = null;
    if (row.frozen) {
      const frozenByGame = new Map(figures.Games.map((g) => [g.GameID, g]));
      const games = live.Games.map((g) => {
        const f = frozenByGame.get(g.GameID);
        return {
          GameID: g.GameID,
          Rounds: g.Rounds - (f?.Rounds ?? 0),
          Players: g.Players - (f?.Players ?? 0),
          Turnover: g.Turnover - (f?.Turnover ?? 0),
          Payout: g.Payout - (f?.Payout ?? 0),
          GGR: g.GGR - (f?.GGR ?? 0),
        };
      }).filter((g) => g.Rounds !== 0 || g.Turnover !== 0 || g.Payout !== 0);
      difference = {
        Rounds: live.Rounds - figures.Rounds,
        Turnover: live.Turnover - figures.Turnover,
        Payout: live.Payout - figures.Payout,
        GGR: live.GGR - figures.GGR,
        Games: games,
      };
    }
    return {
      ...summary,
      Games: figures.Games,
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
      let frozen: { figures: unknown } | undefined;
      if (body.Status === '2') {
        // Frozen now: bets arriving later show as a difference, never as a change of the bill sent.
        const company = await repo.companyMoney(sql, auth.cid);
        const month = await repo.monthFigures(sql, auth.cid, row.customer, row.month, company.time_zone);
        frozen = { figures: toFigures(month) };
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

  async addAdjustment(
    auth: AuthContext,
    id: number,
    body: { Adjust: 0 | 1; Amount: number; ReportMonth: 0 | 1; Memo: string },
  ): Promise<number> {
    this.guard(auth);
    return this.db.tx(async (sql) => {
      const row = await repo.findWorkflow(sql, auth.cid, id, true);
      if (!row) throw notFound(`Reconciliation ${id}`);
      const company = await repo.companyMoney(sql, auth.cid);
      const problem = adjustmentProblem(row.status, body.Amount, company.base_currency);
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
    const customers = await repo.customerNames(this.db, auth.cid, q.CustomerIDs);
    const names = new Map(customers.map((c) => [c.id, c]));
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
    const rows: ReconcileReport['Rows'] = [];
    for (const r of live) {
      const w = byKey.get(`${r.customer} ${r.month}`);
      if (w?.frozen) continue; // frozen months report the figures of the bill
      rows.push({
        CustomerID: r.customer,
        BusinessName: names.get(r.customer)?.business_name ?? '',
        Month: r.month,
        GameID: r.game_id as string,
        Rounds: r.rounds,
        Players: r.players,
        Turnover: money(r.turnover),
        Payout: money(r.payout),
        GGR: money(r.turnover) - money(r.payout),
      });
    }
    for (const w of workflows) {
      if (!w.frozen) continue;
      for (const g of (w.frozen as Figures).Games) {
        if (q.GameIDs && !q.GameIDs.includes(g.GameID)) continue;
        rows.push({ CustomerID: w.customer, BusinessName: w.business_name, Month: w.month, ...g });
      }
    }
    rows.sort(
      (a, b) => a.CustomerID - b.CustomerID || a.Month.localeCompare(b.Month) || a.GameID.localeCompare(b.GameID),
    );
    const totals: ReconcileReport['Totals'] = [];
    for (const c of customers) {
      for (const month of months) {
        const w = byKey.get(`${c.id} ${month}`);
        const ggr = rows.filter((r) => r.CustomerID === c.id && r.Month === month).reduce((s, r) => s + r.GGR, 0);
        const turnover = rows
          .filter((r) => r.CustomerID === c.id && r.Month === month)
          .reduce((s, r) => s + r.Turnover, 0);
        if (!w && ggr === 0 && turnover === 0) continue;
        const adjustments = w ? money(w.adjustments) : 0;
        const total = ggr + adjustments;
        totals.push({
          CustomerID: c.id,
          BusinessName: c.business_name,
          Month: month,
          Status: w?.status ?? null,
          GGR: ggr,
          Adjustments: adjustments,
          Total: total,
          CommissionDue: commissionDue(
            { basis: c.commission_basis, rate: Number(c.commission_rate), minimumFee: Number(c.minimum_fee) },
            { total, turnover },
            company.base_currency,
          ),
        });
      }
    }
    return { Currency: company.base_currency, Months: months, Rows: rows, Totals: totals };
  }

  /** The workflow's figures (frozen ones once frozen), the live ones, and its list summary. */
  private async figuresOf(
    sql: Sql,
    cid: number,
    row: repo.WorkflowRow,
    company: { base_currency: string; time_zone: string },
  ): Promise<{ summary: ReconcileWorkflow; figures: Figures; live: Figures }> {
    const live = toFigures(await repo.monthFigures(sql, cid, row.customer, row.month, company.time_zone));
    const figures = row.frozen ? (row.frozen as Figures) : live;
    const customer = await repo.findCustomer(sql, cid, row.customer);
    const adjustments = money(row.adjustments);
    const total = figures.GGR + adjustments;
    const summary: ReconcileWorkflow = {
      ID: row.id,
      CustomerID: row.customer,
      BusinessName: row.business_name,
      Month: row.month,
      Status: row.status,
      Currency: company.base_currency,
      Rounds: figures.Rounds,
      Players: figures.Players,
      Turnover: figures.Turnover,
      Payout: figures.Payout,
      GGR: figures.GGR,
      Adjustments: adjustments,
      Total: total,
      CommissionDue: customer
        ? commissionDue(
            {
              basis: customer.commission_basis,
              rate: Number(customer.commission_rate),
              minimumFee: Number(customer.minimum_fee),
            },
            { total, turnover: figures.Turnover },
            company.base_currency,
          )
        : 0,
      FrozenAt: row.frozen_at,
      CreateDate: row.created_at,
      UpdateDate: row.updated_at,
    };
    return { summary, figures, live };
  }
}
