import type { CurrencyRate } from '@pitboss/contract';
import type { Sql } from '../../db/database';

export async function countRates(sql: Sql, cid: number): Promise<number> {
  const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM currency_rate WHERE cid = $1', [cid]);
  return rows[0]?.n ?? 0;
}

export async function deleteRatesOfCurrency(sql: Sql, cid: number, currency: string): Promise<void> {
  await sql.query('DELETE FROM currency_rate WHERE cid = $1 AND currency = $2', [cid, currency]);
}

export async function listRates(
  sql: Sql,
  cid: number,
  filter: {
    currency?: string | undefined;
    start?: string | undefined;
    end?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: CurrencyRate[]; total: number }> {
  const where = `cid = $1 AND ($2::text IS NULL OR currency = $2)
    AND ($3::date IS NULL OR rate_date >= $3) AND ($4::date IS NULL OR rate_date <= $4)`;
  const params = [cid, filter.currency ?? null, filter.start ?? null, filter.end ?? null];
  const [{ rows }, count] = await Promise.all([
    sql.query<CurrencyRate>(
      `SELECT currency AS "Currency", rate AS "Rate", rate_date AS "Date", updated_at AS "UpdateDate"
         FROM currency_rate WHERE ${where}
        ORDER BY rate_date DESC, currency LIMIT $5 OFFSET $6`,
      [...params, filter.limit, filter.offset],
    ),
    sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM currency_rate WHERE ${where}`, params),
  ]);
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** Adds or replaces one rate per currency and date. */
export async function upsertRates(
  sql: Sql,
  cid: number,
  rates: { Currency: string; Rate: number; Date: string }[],
): Promise<number> {
  const { rowCount } = await sql.query(
    `INSERT INTO currency_rate (cid, currency, rate_date, rate)
     SELECT $1, c, d, r FROM unnest($2::text[], $3::date[], $4::numeric[]) AS t(c, d, r)
     ON CONFLICT (cid, currency, rate_date) DO UPDATE SET rate = EXCLUDED.rate, updated_at = now()`,
    [cid, rates.map((r) => r.Currency), rates.map((r) => r.Date), rates.map((r) => String(r.Rate))],
  );
  return rowCount ?? 0;
}

/** Of these (currency, date) pairs, the indexes of those the company has no rate for. */
export async function missingRates(
  sql: Sql,
  cid: number,
  keys: { Currency: string; Date: string }[],
): Promise<number[]> {
  const { rows } = await sql.query<{ i: number }>(
    `SELECT t.i::int AS i FROM unnest($2::text[], $3::date[]) WITH ORDINALITY AS t(c, d, i)
      WHERE NOT EXISTS (SELECT 1 FROM currency_rate r WHERE r.cid = $1 AND r.currency = t.c AND r.rate_date = t.d)
      ORDER BY t.i`,
    [cid, keys.map((k) => k.Currency), keys.map((k) => k.Date)],
  );
  return rows.map((r) => r.i - 1);
}

export async function deleteRates(sql: Sql, cid: number, keys: { Currency: string; Date: string }[]): Promise<number> {
  const { rowCount } = await sql.query(
    `DELETE FROM currency_rate r USING unnest($2::text[], $3::date[]) AS t(c, d)
      WHERE r.cid = $1 AND r.currency = t.c AND r.rate_date = t.d`,
    [cid, keys.map((k) => k.Currency), keys.map((k) => k.Date)],
  );
  return rowCount ?? 0;
}

/** For each currency, the newest rate dated on or before `date`. */
export async function ratesOn(
  sql: Sql,
  cid: number,
  date: string,
): Promise<{ Currency: string; Rate: number; Date: string }[]> {
  const { rows } = await sql.query<{ Currency: string; Rate: number; Date: string }>(
    `SELECT DISTINCT ON (currency) currency AS "Currency", rate AS "Rate", rate_date AS "Date"
       FROM currency_rate WHERE cid = $1 AND rate_date <= $2::date
      ORDER BY currency, rate_date DESC`,
    [cid, date],
  );
  return rows;
}
