import { type DeliveryChannel, type DeliveryStatus, listDeliveries } from '@pitboss/contract';
import { fetchListPage } from '../../../lib/fetch-list-page';
import type { PageRequest } from '../../../lib/list-page';

export interface DeliveryFilters {
  Start?: string;
  End?: string;
  Channels?: DeliveryChannel[];
  Status?: DeliveryStatus[];
}

export { deliveriesQueryKey } from './keys';

/** One page of the delivery log for `DataTable` (`GET notification/deliveries`). */
export function fetchDeliveriesPage(filters: DeliveryFilters, request: PageRequest, signal: AbortSignal) {
  return fetchListPage(
    listDeliveries,
    {
      ...filters,
      Channels: filters.Channels?.length ? filters.Channels.join(',') : undefined,
      Status: filters.Status?.length ? filters.Status.join(',') : undefined,
    },
    request,
    signal,
  );
}
