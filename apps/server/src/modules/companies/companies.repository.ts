import type { Sql } from '../../db/database';

export interface CompanyRow {
  cid: number;
  name: string;
  operator_type: 1 | 2 | 3;
  base_currency: string;
  time_zone: string;
}

const COLUMNS = 'cid, name, operator_type, base_currency, time_zone';

/**
 * The company, locked until the transaction ends: changes of one company's users, groups, settings
 * and rates run one at a time (two admins cannot each demote the other and leave it without one).
 */
export async function lockCompany(sql: Sql, cid: number): Promise<CompanyRow | undefined> {
  const { rows } = await sql.query<CompanyRow>(`SELECT ${COLUMNS} FROM company WHERE cid = $1 FOR UPDATE`, [cid]);
  return rows[0];
}

export async function findCompany(sql: Sql, cid: number): Promise<CompanyRow | undefined> {
  const { rows } = await sql.query<CompanyRow>(`SELECT ${COLUMNS} FROM company WHERE cid = $1`, [cid]);
  return rows[0];
}

export async function countCompanies(sql: Sql): Promise<number> {
  const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM company');
  return rows[0]?.n ?? 0;
}

/** Adds a company; answers its cid. An explicit `cid` keeps the identity ahead of it. */
export async function insertCompany(
  sql: Sql,
  company: {
    cid?: number | undefined;
    name: string;
    operatorType: 1 | 2 | 3;
    baseCurrency?: string | undefined;
    timeZone?: string | undefined;
    active?: boolean | undefined;
  },
): Promise<number> {
  if (company.cid === undefined) {
    const { rows } = await sql.query<{ cid: number }>(
      `INSERT INTO company (name, operator_type, base_currency, time_zone, active)
       VALUES ($1, $2, COALESCE($3, 'USD'), COALESCE($4, 'Asia/Taipei'), COALESCE($5, true)) RETURNING cid`,
      [
        company.name,
        company.operatorType,
        company.baseCurrency ?? null,
        company.timeZone ?? null,
        company.active ?? null,
      ],
    );
    return rows[0]?.cid as number;
  }
  const { rows } = await sql.query<{ cid: number }>(
    'INSERT INTO company (cid, name, operator_type) VALUES ($1, $2, $3) RETURNING cid',
    [company.cid, company.name, company.operatorType],
  );
  await sql.query(`SELECT setval(pg_get_serial_sequence('company', 'cid'), (SELECT max(cid) FROM company))`);
  return rows[0]?.cid as number;
}

/** Advisory-lock key under which the first start seeds an empty database. */
const FIRST_START_LOCK = 72_001_002;

/** Serialises first starts of several processes on one database, until the transaction ends. */
export async function lockFirstStart(sql: Sql): Promise<void> {
  await sql.query('SELECT pg_advisory_xact_lock($1)', [FIRST_START_LOCK]);
}

export interface CompanyListRow extends CompanyRow {
  active: boolean;
  admins: number;
  created_at: string;
}

/** Every company (company administration), with its count of active administrators. */
export async function listCompanies(
  sql: Sql,
  q: { name?: string | undefined; limit: number; offset: number },
): Promise<{ rows: CompanyListRow[]; total: number }> {
  const where = q.name ? `WHERE c.name ILIKE '%' || $3 || '%'` : '';
  const params: unknown[] = [q.limit, q.offset];
  if (q.name) params.push(q.name.replace(/[\\%_]/g, (ch) => `\\${ch}`));
  const { rows } = await sql.query<CompanyListRow & { total: number }>(
    `SELECT c.cid, c.name, c.operator_type, c.base_currency, c.time_zone, c.active,
            c.created_at,
            (SELECT count(*)::int FROM company_user cu JOIN app_user u ON u.aid = cu.aid
              WHERE cu.cid = c.cid AND cu.role = 'admin' AND u.status = 1) AS admins,
            count(*) OVER ()::int AS total
       FROM company c ${where}
      ORDER BY c.cid LIMIT $1 OFFSET $2`,
    params,
  );
  if (rows.length === 0 && q.offset > 0) {
    const { rows: n } = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM company c ${where.replace('$3', '$1')}`,
      q.name ? [params[2]] : [],
    );
    return { rows: [], total: n[0]?.n ?? 0 };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export async function updateCompany(
  sql: Sql,
  cid: number,
  change: {
    name?: string | undefined;
    operatorType?: 1 | 2 | 3 | undefined;
    baseCurrency?: string | undefined;
    timeZone?: string | undefined;
    active?: boolean | undefined;
  },
): Promise<void> {
  await sql.query(
    `UPDATE company SET name = COALESCE($2, name), operator_type = COALESCE($3, operator_type),
            base_currency = COALESCE($4, base_currency), time_zone = COALESCE($5, time_zone),
            active = COALESCE($6, active)
      WHERE cid = $1`,
    [
      cid,
      change.name ?? null,
      change.operatorType ?? null,
      change.baseCurrency ?? null,
      change.timeZone ?? null,
      change.active ?? null,
    ],
  );
}

/** Exchange rates are relative to the base currency: changing it here is refused while any exist. */
export async function countCurrencyRates(sql: Sql, cid: number): Promise<number> {
  const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM currency_rate WHERE cid = $1', [cid]);
  return rows[0]?.n ?? 0;
}
