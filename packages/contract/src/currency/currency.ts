import { z } from 'zod';
import { Ack } from '../common/ack';
import { defineEndpoint } from '../common/endpoint';
import { listEnvelope, PageQuery } from '../common/envelope';
import { CurrencyCode } from './currency-codes';

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

/** Upper bound that `numeric(24, 10)` keeps exactly. */
export const MAX_RATE = 1e13;
export const MAX_RATES_PER_REQUEST = 1000;

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
const priceLevels = ['publisher', 'aggregator'] as const;

export const ListCurrencyQuery = PageQuery.extend({
  Currency: CurrencyCode.optional(),
  Start: CalendarDate.optional().describe('Rates dated on or after this day'),
  End: CalendarDate.optional().describe('Rates dated on or before this day'),
});

export const listCurrencyRates = defineEndpoint({
  method: 'GET',
  path: '/api/v2/system/currency/list',
  summary: 'Exchange-rate history of the working company, newest first',
  tag: 'currency',
  access: 'admin',
  priceLevels,
  querystring: ListCurrencyQuery,
  response: listEnvelope(CurrencyRate),
});

export const SaveCurrencyBody = z.object({
  currency_UDT: z
    .array(z.object({ Currency: CurrencyCode, Rate, Date: CalendarDate }))
    .min(1, 'must hold at least one rate')
    .max(MAX_RATES_PER_REQUEST, `must hold at most ${MAX_RATES_PER_REQUEST} rates`),
});
export type SaveCurrencyBody = z.infer<typeof SaveCurrencyBody>;

export const saveCurrencyRates = defineEndpoint({
  method: 'POST',
  path: '/api/v2/system/currency',
  summary: 'Add or change exchange rates (one per currency and date)',
  tag: 'currency',
  access: 'admin',
  priceLevels,
  body: SaveCurrencyBody,
  response: RowsAck,
});

export const DeleteCurrencyBody = z.object({
  currency_UDT: z
    .array(z.object({ Currency: CurrencyCode, Date: CalendarDate }))
    .min(1, 'must hold at least one rate')
    .max(MAX_RATES_PER_REQUEST, `must hold at most ${MAX_RATES_PER_REQUEST} rates`),
});

export const deleteCurrencyRates = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/system/currency',
  summary: 'Delete exchange rates by currency and date; all or nothing',
  tag: 'currency',
  access: 'admin',
  priceLevels,
  body: DeleteCurrencyBody,
  response: RowsAck,
});

export const RateInForce = z.object({
  Currency: z.string(),
  Rate: z.number(),
  Date: z.string().nullable().describe('Date of the rate in force; null for the base currency'),
  IsBase: z.boolean(),
});
export type RateInForce = z.infer<typeof RateInForce>;

export const ratesInForce = defineEndpoint({
  method: 'GET',
  path: '/api/currency/system',
  summary: 'The exchange rates in force on a date (newest on or before it), base currency first',
  tag: 'currency',
  access: 'read',
  querystring: z.object({ date: CalendarDate }),
  response: listEnvelope(RateInForce),
});
