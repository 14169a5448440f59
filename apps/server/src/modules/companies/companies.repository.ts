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
  company: { cid?: number | undefined; name: string; operatorType: 1 | 2 | 3 },
): Promise<number> {
  if (company.cid === undefined) {
    const { rows } = await sql.query<{ cid: number }>(
      'INSERT INTO company (name, operator_type) VALUES ($1, $2) RETURNING cid',
      [company.name, company.operatorType],
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
