import { listCurrencyRates } from '@pitboss/contract';
import { fetchListPage } from '../../../lib/fetch-list-page';
import type { PageRequest } from '../../../lib/list-page';

/** Every currency query starts with this key; the server's `invalidate ['currency']` refetches them. */
export const currencyKey = ['currency'] as const;

/** The history's filters, named as `GET system/currency/list` takes them. */
export interface RateFilters {
  Currency?: string | undefined;
  /** YYYY-MM-DD */
  Start?: string | undefined;
  End?: string | undefined;
}

export const listRatesKey = [...currencyKey, 'history'] as const;

/** One page of the exchange-rate history, newest first. */
export function fetchRatesPage(filters: RateFilters, request: PageRequest, signal: AbortSignal) {
  return fetchListPage(listCurrencyRates, filters, request, signal);
}
