import { type CurrencyRate, listCurrencyRates } from '@pitboss/contract';
import { callApi } from '../../../lib/api';
import { type DataPage, type PageRequest, pageFromEnvelope } from '../../../lib/list-page';

/** Every currency query starts with this key; the server's `invalidate ['currency']` refetches them. */
export const currencyKey = ['currency'] as const;

export interface RateFilter {
  currency?: string | undefined;
  /** YYYY-MM-DD */
  start?: string | undefined;
  end?: string | undefined;
}

export const listRatesKey = (filter: RateFilter) => [...currencyKey, 'history', filter] as const;

/** One page of the exchange-rate history, newest first. */
export function fetchRatesPage(filter: RateFilter) {
  return async (request: PageRequest, signal: AbortSignal): Promise<DataPage<CurrencyRate>> =>
    pageFromEnvelope(
      await callApi(
        listCurrencyRates,
        {
          query: {
            page: request.page,
            pageSize: request.pageSize,
            Currency: filter.currency,
            Start: filter.start,
            End: filter.end,
          },
        },
        { signal },
      ),
    );
}
