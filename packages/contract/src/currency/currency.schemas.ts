import { z } from 'zod';
import { Ack } from '../common/ack.schemas';
import { listEnvelope, PageQuery } from '../common/envelope.schemas';
import { CURRENCY_CODES, MAX_RATE, MAX_RATES_PER_REQUEST } from './currency';

const KNOWN = new Set(CURRENCY_CODES);

/** A known currency code, upper-cased (`usd` → `USD`). */
export const CurrencyCode = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => KNOWN.has(v), { message: 'must be a known currency code such as USD, TWD or USDT' })
  .describe('Currency code (ISO 4217, or USDT, USDC, BTC, ETH)');

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30). */
export const CalendarDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'must be a real calendar date as YYYY-MM-DD')
  .refine((v) => v >= '2000-01-01' && v <= '2099-12-31', 'must be between 2000-01-01 and 2099-12-31');

export const Rate = z
  .number()
  .positive('must be greater than 0')
  .max(MAX_RATE, 'is too large')
  .refine((v) => Number.isFinite(v), 'must be a number')
  .describe('Units of the base currency one unit of the currency is worth');

/** One rate in the history: from `Date` on (until a newer date), 1 `Currency` = `Rate` base currency. */
export const CurrencyRate = z.object({
  Currency: z.string(),
  Rate: z.number(),
  Date: z.string().describe('First day the rate applies (YYYY-MM-DD)'),
  UpdateDate: z.string(),
});
export type CurrencyRate = z.infer<typeof CurrencyRate>;

const RowsAck = Ack.extend({ rowsAffected: z.number() });

export const ListCurrencyQuery = PageQuery.extend({
  Currency: CurrencyCode.optional(),
  Start: CalendarDate.optional().describe('Rates dated on or after this day'),
  End: CalendarDate.optional().describe('Rates dated on or before this day'),
});

export const SaveCurrencyBody = z.object({
  currency_UDT: z
    .array(z.object({ Currency: CurrencyCode, Rate, Date: CalendarDate }))
    .min(1, 'must hold at least one rate')
    .max(MAX_RATES_PER_REQUEST, `must hold at most ${MAX_RATES_PER_REQUEST} rates`),
});
export type SaveCurrencyBody = z.infer<typeof SaveCurrencyBody>;

export const DeleteCurrencyBody = z.object({
  currency_UDT: z
    .array(z.object({ Currency: CurrencyCode, Date: CalendarDate }))
    .min(1, 'must hold at least one rate')
    .max(MAX_RATES_PER_REQUEST, `must hold at most ${MAX_RATES_PER_REQUEST} rates`),
});

export const RateInForce = z.object({
  Currency: z.string(),
  Rate: z.number(),
  Date: z.string().nullable().describe('Date of the rate in force; null for the base currency'),
  IsBase: z.boolean(),
});
export type RateInForce = z.infer<typeof RateInForce>;

/** The schemas of the endpoints of `currency.api.ts`. */
export const currencyIo = {
  listCurrencyRates: { querystring: ListCurrencyQuery, response: listEnvelope(CurrencyRate) },
  saveCurrencyRates: { body: SaveCurrencyBody, response: RowsAck },
  deleteCurrencyRates: { body: DeleteCurrencyBody, response: RowsAck },
  ratesInForce: { querystring: z.object({ date: CalendarDate }), response: listEnvelope(RateInForce) },
};
