import { currencyDecimals } from '@pitboss/contract';

/**
 * An amount with the currency's decimals and thousands separators: `12,345.60`; a dash for an amount
 * no rate converted yet (null).
 */
export function formatMoney(value: number | null | undefined, currency: string, language = 'en'): string {
  if (value === null || value === undefined) return '—';
  const digits = currencyDecimals(currency);
  return value.toLocaleString(language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** The current month in the company zone as `YYYY-MM` of a dayjs value. */
export const MONTH_FORMAT = 'YYYY-MM';

/** A rate as `1 THB = 0.0285 USD`. */
export function formatRate(currency: string, rate: number, base: string, language = 'en'): string {
  return `1 ${currency} = ${rate.toLocaleString(language, { maximumFractionDigits: 10 })} ${base}`;
}
