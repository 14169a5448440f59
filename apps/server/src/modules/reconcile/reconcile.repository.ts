import type { Sql } from '../../db/database';

export interface CustomerRow {
  id: number;
  business_name: string;
  status: '1' | '2' | '3';
  currency: string;
  commission_basis: 'GGR' | 'Turnover';
  commission_rate: string;
  minimum_fee: string;
  contacts: string;
  memo: string;
  customer_ids: string[];
  created_at: string;
  updated_at: string;
}

const CUSTOMER_COLUMNS = `c.id, c.business_name, c.status, c.currency, c.commission_basis, c.commission_rate::text,
  c.minimum_fee::text, c.contacts, c.memo, c.created_at, c.updated_at,
  COALESCE((SELECT array_agg(i.customer_id ORDER BY i.customer_id) FROM reconcile_customer_id i
             WHERE i.cid = c.cid AND i.customer = c.id), '{}') AS customer_ids`;

export async function listCustomers(
  sql: Sql,
  cid: number,
  q: {
    searchKey?: '1' | '2' | undefined;
    keyword?: string | undefined;
    status?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const where = ['c.cid = $1'];
  const params: unknown[] = [cid];
  if (q.keyword) {
    params.push(`%${q.keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
    where.push(
      q.searchKey === '1'
        ? `EXISTS (SELECT 1 FROM reconcile_customer_id i WHERE i.cid = c.cid AND i.customer = c.id AND i.customer_id ILIKE $${params.length})`
        : `c.business_name ILIKE $${params.length}`,
    );
  }
  if (q.status) {
    params.push(q.status);
    where.push(`c.status = $${params.length}`);
  }
  const { rows: count } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM reconcile_customer c WHERE ${where.join(' AND ')}`,
    params,
  );
  params.push(q.limit, q.offset);
  const { rows } = await sql.query<CustomerRow>(
    `SELECT ${CUSTOMER_COLUMNS} FROM reconcile_customer c WHERE ${where.join(' AND ')}
      ORDER BY c.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: count[0]?.n ?? 0 };
}

export async function findCustomer(sql: Sql, cid: number, id: number, lock = false): Promise<CustomerRow | undefined> {
  const { rows } = await sql.query<CustomerRow>(
    `SELECT ${CUSTOMER_COLUMNS} FROM reconcile_customer c WHERE c.cid = $1 AND c.id = $2${lock ? ' FOR UPDATE' : ''}`,
    [cid, id],
  );
  return rows[0];
}

export interface CustomerValues {
  businessName: string;
  status: string;
  currency: string;
  commissionBasis: string;
  commissionRate: number;
  minimumFee: number;
  contacts: string;
  memo: string;
}

export async function insertCustomer(sql: Sql, cid: number, v: CustomerValues): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `INSERT INTO reconcile_customer (cid, business_name, status, currency, commission_basis, commission_rate, minimum_fee, contacts, memo)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [cid, v.businessName, v.status, v.currency, v.commissionBasis, v.commissionRate, v.minimumFee, v.contacts, v.memo],
  );
  return rows[0]?.id as number;
}

export async function updateCustomer(sql: Sql, cid: number, id: number, v: CustomerValues): Promise<void> {
  await sql.query(
    `UPDATE reconcile_customer SET business_name = $3, status = $4, currency = $5, commission_basis = $6,
            commission_rate = $7, minimum_fee = $8, contacts = $9, memo = $10, updated_at = now()
      WHERE cid = $1 AND id = $2`,
    [
      cid,
      id,
      v.businessName,
      v.status,
      v.currency,
      v.commissionBasis,
      v.commissionRate,
      v.minimumFee,
      v.contacts,
      v.memo,
    ],
  );
}

/** Ids of `ids` already held by another customer than `except`. */
export async function takenCustomerIds(sql: Sql, cid: number, ids: string[], except?: number): Promise<string[]> {
  const { rows } = await sql.query<{ customer_id: string }>(
    `SELECT customer_id FROM reconcile_customer_id
      WHERE cid = $1 AND customer_id = ANY($2::text[]) AND customer IS DISTINCT FROM $3 ORDER BY customer_id`,
    [cid, ids, except ?? null],
  );
  return rows.map((r) => r.customer_id);
}

export async function replaceCustomerIds(sql: Sql, cid: number, customer: number, ids: string[]): Promise<void> {
  await sql.query('DELETE FROM reconcile_customer_id WHERE cid = $1 AND customer = $2', [cid, customer]);
  await sql.query(`INSERT INTO reconcile_customer_id (cid, customer_id, customer) SELECT $1, unnest($3::text[]), $2`, [
    cid,
    customer,
    ids,
  ]);
}

export interface FigureRow {
  game_id: string | null;
  rounds: number;
  players: number;
  turnover: string;
  payout: string;
}

/**
 * The month's traffic of a customer from the bets carrying its ids, per game and in total (the row
 * with game_id null); the month is one of the company's time zone.
 */
export async function monthFigures(
  sql: Sql,
  cid: number,
  customer: number,
  month: string,
  timeZone: string,
): Promise<FigureRow[]> {
  const { rows } = await sql.query<FigureRow>(
    `SELECT b.game_id, count(DISTINCT (b.game_id, b.round_id))::int AS rounds, count(DISTINCT b.member_id)::int AS players,
            COALESCE(sum(COALESCE(b.stake_base, b.stake)), 0)::text AS turnover,
            COALESCE(sum(COALESCE(b.payout_base, b.payout)), 0)::text AS payout
       FROM bet b JOIN reconcile_customer_id i ON i.cid = b.cid AND i.customer_id = b.customer_id
      WHERE b.cid = $1 AND i.customer = $2
        AND b.at >= ($3::date)::timestamp AT TIME ZONE $4
        AND b.at < ($3::date + interval '1 month')::timestamp AT TIME ZONE $4
      GROUP BY GROUPING SETS ((b.game_id), ())
      ORDER BY b.game_id NULLS LAST`,
    [cid, customer, `${month}-01`, timeZone],
  );
  return rows;
}

export interface ReportFigureRow extends FigureRow {
  customer: number;
  month: string;
}

/** Per customer, month (company time zone) and game, for `from`..`to` (YYYY-MM, inclusive). */
export async function reportFigures(
  sql: Sql,
  cid: number,
  q: { from: string; to: string; customers?: number[] | undefined; games?: string[] | undefined; timeZone: string },
): Promise<ReportFigureRow[]> {
  const { rows } = await sql.query<ReportFigureRow>(
    `SELECT i.customer, to_char(b.at AT TIME ZONE $4, 'YYYY-MM') AS month, b.game_id,
            count(DISTINCT (b.game_id, b.round_id))::int AS rounds, count(DISTINCT b.member_id)::int AS players,
            COALESCE(sum(COALESCE(b.stake_base, b.stake)), 0)::text AS turnover,
            COALESCE(sum(COALESCE(b.payout_base, b.payout)), 0)::text AS payout
       FROM bet b JOIN reconcile_customer_id i ON i.cid = b.cid AND i.customer_id = b.customer_id
      WHERE b.cid = $1
        AND b.at >= ($2::date)::timestamp AT TIME ZONE $4
        AND b.at < ($3::date + interval '1 month')::timestamp AT TIME ZONE $4
        AND ($5::int[] IS NULL OR i.customer = ANY($5))
        AND ($6::text[] IS NULL OR b.game_id = ANY($6))
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [cid, `${q.from}-01`, `${q.to}-01`, q.timeZone, q.customers ?? null, q.games ?? null],
  );
  return rows;
}

export interface WorkflowRow {
  id: number;
  customer: number;
  business_name: string;
  month: string;
  status: '0' | '1' | '2' | '3';
  /** The customer's currency when the month was opened (the adjustments are in it). */
  currency: string;
  frozen: unknown;
  frozen_at: string | null;
  /** The rate the figures were frozen with (decimal text), and its date. */
  frozen_rate: string | null;
  frozen_rate_date: string | null;
  adjustments: string;
  created_at: string;
  updated_at: string;
}

const WORKFLOW_COLUMNS = `w.id, w.customer, c.business_name, to_char(w.month, 'YYYY-MM') AS month, w.status, w.currency,
  w.frozen, w.frozen_at, w.frozen_rate::text, to_char(w.frozen_rate_date, 'YYYY-MM-DD') AS frozen_rate_date,
  w.created_at, w.updated_at,
  COALESCE((SELECT sum(CASE a.adjust WHEN 0 THEN a.amount ELSE -a.amount END) FROM reconcile_adjustment a
             WHERE a.cid = w.cid AND a.workflow = w.id), 0)::text AS adjustments`;

export async function listWorkflows(
  sql: Sql,
  cid: number,
  q: {
    month?: string | undefined;
    customers?: number[] | undefined;
    status?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: WorkflowRow[]; total: number }> {
  const where = `w.cid = $1 AND ($2::date IS NULL OR w.month = $2::date) AND ($3::int[] IS NULL OR w.customer = ANY($3))
    AND ($4::text IS NULL OR w.status = $4)`;
  const params = [cid, q.month ? `${q.month}-01` : null, q.customers ?? null, q.status ?? null];
  const { rows: count } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM reconcile_workflow w WHERE ${where}`,
    params,
  );
  const { rows } = await sql.query<WorkflowRow>(
    `SELECT ${WORKFLOW_COLUMNS} FROM reconcile_workflow w JOIN reconcile_customer c ON c.cid = w.cid AND c.id = w.customer
      WHERE ${where} ORDER BY w.month DESC, w.id LIMIT $5 OFFSET $6`,
    [...params, q.limit, q.offset],
  );
  return { rows, total: count[0]?.n ?? 0 };
}

export async function findWorkflow(sql: Sql, cid: number, id: number, lock = false): Promise<WorkflowRow | undefined> {
  const { rows } = await sql.query<WorkflowRow>(
    `SELECT ${WORKFLOW_COLUMNS} FROM reconcile_workflow w JOIN reconcile_customer c ON c.cid = w.cid AND c.id = w.customer
      WHERE w.cid = $1 AND w.id = $2${lock ? ' FOR UPDATE OF w' : ''}`,
    [cid, id],
  );
  return rows[0];
}

/** Opens the customer's month in the customer's currency; answers its id, or undefined when it is open already. */
export async function insertWorkflow(
  sql: Sql,
  cid: number,
  customer: number,
  month: string,
): Promise<number | undefined> {
  const { rows } = await sql.query<{ id: number }>(
    `INSERT INTO reconcile_workflow (cid, customer, month, currency)
     VALUES ($1, $2, $3::date, (SELECT currency FROM reconcile_customer WHERE cid = $1 AND id = $2))
     ON CONFLICT (cid, customer, month) DO NOTHING RETURNING id`,
    [cid, customer, `${month}-01`],
  );
  return rows[0]?.id;
}

export async function setStatus(
  sql: Sql,
  cid: number,
  id: number,
  status: string,
  frozen: { figures: unknown; rate: string; rateDate: string | null } | { figures: null } | undefined,
): Promise<void> {
  if (frozen === undefined) {
    await sql.query('UPDATE reconcile_workflow SET status = $3, updated_at = now() WHERE cid = $1 AND id = $2', [
      cid,
      id,
      status,
    ]);
    return;
  }
  const rate = 'rate' in frozen ? frozen : { rate: null, rateDate: null };
  await sql.query(
    `UPDATE reconcile_workflow SET status = $3, frozen = $4::jsonb,
            frozen_at = CASE WHEN $4::jsonb IS NULL THEN NULL ELSE now() END,
            frozen_rate = $5::numeric, frozen_rate_date = $6::date, updated_at = now()
      WHERE cid = $1 AND id = $2`,
    [cid, id, status, frozen.figures === null ? null : JSON.stringify(frozen.figures), rate.rate, rate.rateDate],
  );
}

export async function insertHistory(
  sql: Sql,
  cid: number,
  h: { workflow: number; from: string | null; to: string; memo: string; aid: number },
): Promise<void> {
  await sql.query(
    'INSERT INTO reconcile_history (cid, workflow, from_status, to_status, memo, aid) VALUES ($1, $2, $3, $4, $5, $6)',
    [cid, h.workflow, h.from, h.to, h.memo, h.aid],
  );
}

export async function insertAdjustment(
  sql: Sql,
  cid: number,
  a: { workflow: number; adjust: number; amount: number; reportMonth: number; memo: string; aid: number },
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `INSERT INTO reconcile_adjustment (cid, workflow, adjust, amount, report_month, memo, aid)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [cid, a.workflow, a.adjust, String(a.amount), a.reportMonth, a.memo, a.aid],
  );
  await sql.query('UPDATE reconcile_workflow SET updated_at = now() WHERE cid = $1 AND id = $2', [cid, a.workflow]);
  return rows[0]?.id as number;
}

export async function listAdjustments(sql: Sql, cid: number, workflow: number) {
  const { rows } = await sql.query<{
    id: number;
    adjust: 0 | 1;
    amount: string;
    report_month: 0 | 1;
    memo: string;
    account: string | null;
    created_at: string;
  }>(
    `SELECT a.id, a.adjust, a.amount::text, a.report_month, a.memo, u.account, a.created_at
       FROM reconcile_adjustment a LEFT JOIN app_user u ON u.aid = a.aid
      WHERE a.cid = $1 AND a.workflow = $2 ORDER BY a.id`,
    [cid, workflow],
  );
  return rows;
}

export async function listHistory(sql: Sql, cid: number, workflow: number) {
  const { rows } = await sql.query<{
    from_status: '0' | '1' | '2' | '3' | null;
    to_status: '0' | '1' | '2' | '3';
    memo: string;
    account: string | null;
    created_at: string;
  }>(
    `SELECT h.from_status, h.to_status, h.memo, u.account, h.created_at
       FROM reconcile_history h LEFT JOIN app_user u ON u.aid = h.aid
      WHERE h.cid = $1 AND h.workflow = $2 ORDER BY h.id`,
    [cid, workflow],
  );
  return rows;
}

/** Workflows of the report's customers and months (frozen figures and adjustments). */
export async function reportWorkflows(
  sql: Sql,
  cid: number,
  q: { from: string; to: string; customers?: number[] | undefined },
): Promise<WorkflowRow[]> {
  const { rows } = await sql.query<WorkflowRow>(
    `SELECT ${WORKFLOW_COLUMNS} FROM reconcile_workflow w JOIN reconcile_customer c ON c.cid = w.cid AND c.id = w.customer
      WHERE w.cid = $1 AND w.month BETWEEN $2::date AND $3::date AND ($4::int[] IS NULL OR w.customer = ANY($4))`,
    [cid, `${q.from}-01`, `${q.to}-01`, q.customers ?? null],
  );
  return rows;
}

export async function companyMoney(sql: Sql, cid: number): Promise<{ base_currency: string; time_zone: string }> {
  const { rows } = await sql.query<{ base_currency: string; time_zone: string }>(
    'SELECT base_currency, time_zone FROM company WHERE cid = $1',
    [cid],
  );
  return rows[0] ?? { base_currency: 'USD', time_zone: 'UTC' };
}

export async function customerNames(sql: Sql, cid: number, customers?: number[]) {
  const { rows } = await sql.query<CustomerRow>(
    `SELECT ${CUSTOMER_COLUMNS} FROM reconcile_customer c WHERE c.cid = $1 AND ($2::int[] IS NULL OR c.id = ANY($2)) ORDER BY c.id`,
    [cid, customers ?? null],
  );
  return rows;
}

/** The demo publisher: `account` (the first start's administrator) becomes an admin of `cid` too; its aid. */
export async function addAdminMembership(sql: Sql, cid: number, account: string): Promise<number | undefined> {
  const { rows } = await sql.query<{ aid: number }>('SELECT aid FROM app_user WHERE lower(account) = lower($1)', [
    account,
  ]);
  const aid = rows[0]?.aid;
  if (aid === undefined) return undefined;
  await sql.query(`INSERT INTO company_user (cid, aid, role) VALUES ($1, $2, 'admin') ON CONFLICT DO NOTHING`, [
    cid,
    aid,
  ]);
  return aid;
}

/** The company named `name` with operator type `operatorType` (the lowest cid of several); the demo's. */
export async function findCompanyByName(sql: Sql, name: string, operatorType: number): Promise<number | undefined> {
  const { rows } = await sql.query<{ cid: number }>(
    'SELECT cid FROM company WHERE name = $1 AND operator_type = $2 ORDER BY cid LIMIT 1',
    [name, operatorType],
  );
  return rows[0]?.cid;
}

export async function findCustomerByName(sql: Sql, cid: number, businessName: string): Promise<number | undefined> {
  const { rows } = await sql.query<{ id: number }>(
    'SELECT id FROM reconcile_customer WHERE cid = $1 AND business_name = $2 ORDER BY id LIMIT 1',
    [cid, businessName],
  );
  return rows[0]?.id;
}

export async function countWorkflows(sql: Sql, cid: number): Promise<number> {
  const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM reconcile_workflow WHERE cid = $1', [
    cid,
  ]);
  return rows[0]?.n ?? 0;
}

/**
 * The rate of `currency` as of the month (`YYYY-MM`): the newest dated on or before its last day
 * (units of the base currency per unit of `currency`, decimal text), or undefined when there is none.
 */
export async function rateAsOf(
  sql: Sql,
  cid: number,
  currency: string,
  month: string,
): Promise<{ rate: string; date: string } | undefined> {
  const { rows } = await sql.query<{ rate: string; date: string }>(
    `SELECT rate::text AS rate, to_char(rate_date, 'YYYY-MM-DD') AS date FROM currency_rate
      WHERE cid = $1 AND currency = $2 AND rate_date < $3::date + interval '1 month'
      ORDER BY rate_date DESC LIMIT 1`,
    [cid, currency, `${month}-01`],
  );
  return rows[0];
}

/** A customer's new currency applies to its pending months that have no adjustment yet (entered in the old one). */
export async function followCustomerCurrency(sql: Sql, cid: number, customer: number, currency: string): Promise<void> {
  await sql.query(
    `UPDATE reconcile_workflow w SET currency = $3, updated_at = now()
      WHERE w.cid = $1 AND w.customer = $2 AND w.status = '0' AND w.currency <> $3
        AND NOT EXISTS (SELECT 1 FROM reconcile_adjustment a WHERE a.cid = w.cid AND a.workflow = w.id)`,
    [cid, customer, currency],
  );
}
