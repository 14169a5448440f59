import { endpoint } from '../common/endpoint';

/** Exchange rates of the working company. Schemas: `currencyIo` in `currency.schemas.ts`. */

const priceLevels = ['publisher', 'aggregator'] as const;

export const listCurrencyRates = endpoint('listCurrencyRates', {
  method: 'GET',
  path: '/api/v2/system/currency/list',
  summary: 'Exchange-rate history of the working company, newest first',
  tag: 'currency',
  access: 'admin',
  priceLevels,
});

export const saveCurrencyRates = endpoint('saveCurrencyRates', {
  method: 'POST',
  path: '/api/v2/system/currency',
  summary: 'Add or change exchange rates (one per currency and date)',
  tag: 'currency',
  access: 'admin',
  priceLevels,
});

export const deleteCurrencyRates = endpoint('deleteCurrencyRates', {
  method: 'DELETE',
  path: '/api/v2/system/currency',
  summary: 'Delete exchange rates by currency and date; all or nothing',
  tag: 'currency',
  access: 'admin',
  priceLevels,
});

export const ratesInForce = endpoint('ratesInForce', {
  method: 'GET',
  path: '/api/currency/system',
  summary: 'The exchange rates in force on a date (newest on or before it), base currency first',
  tag: 'currency',
  access: 'read',
});
