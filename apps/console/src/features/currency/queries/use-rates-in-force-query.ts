import { ratesInForce } from '@pitboss/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { currencyKey } from './list-currency-rates';

/** The rates in force on `date` (YYYY-MM-DD): the base currency first, then each currency's newest rate. */
export function useRatesInForceQuery(date: string) {
  return useQuery({
    queryKey: [...currencyKey, 'in-force', date],
    queryFn: async ({ signal }) => (await callApi(ratesInForce, { query: { date } }, { signal })).data.recordset,
    placeholderData: keepPreviousData,
  });
}
