import { currencyDecimals } from '@pitboss/contract';

/** An amount with the currency's decimals and thousands separators: `12,345.60`. */
export function formatMoney(value: number, currency: string, language = 'en'): string {
  const digits = currencyDecimals(currency);
  return value.toLocaleString(language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** The current month in the company zone as `YYYY-MM` of a dayjs value. */
export const MONTH_FORMAT = 'YYYY-MM';
