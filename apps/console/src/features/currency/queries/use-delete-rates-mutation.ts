import { deleteCurrencyRates } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { currencyKey } from './list-currency-rates';

/** Deletes rates by currency and date; all or nothing. */
export function useDeleteRatesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keys: { Currency: string; Date: string }[]) =>
      callApi(deleteCurrencyRates, { body: { currency_UDT: keys } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currencyKey }),
  });
}
