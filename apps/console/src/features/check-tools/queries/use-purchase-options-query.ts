import { getPurchaseCategory, getPurchasePaymentNames, getPurchasePlatforms } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

const CALLS = {
  platforms: getPurchasePlatforms,
  paymentNames: getPurchasePaymentNames,
  categories: getPurchaseCategory,
} as const;

/** The top-up platforms, payment names or categories seen, for the purchase filters. */
export function usePurchaseOptionsQuery(kind: keyof typeof CALLS) {
  return useQuery({
    queryKey: ['check-tools', 'purchase-options', kind],
    queryFn: async ({ signal }) => (await callApi(CALLS[kind], {}, { signal })).data,
  });
}
