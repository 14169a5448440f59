import { type SaveCurrencyBody, saveCurrencyRates } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { currencyKey } from './list-currency-rates';

/** Adds or replaces rates (one per currency and date); all or nothing. */
export function useSaveRatesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rates: SaveCurrencyBody['currency_UDT']) =>
      callApi(saveCurrencyRates, { body: { currency_UDT: rates } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currencyKey }),
  });
}
