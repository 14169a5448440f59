import type { Endpoint, EndpointInput, EndpointResponse, ListEnvelope } from '@pitboss/contract';
import { callApi } from './api';
import { type DataPage, type PageRequest, pageFromEnvelope } from './list-page';

type RowOf<E extends Endpoint> = EndpointResponse<E> extends ListEnvelope<infer R> ? R : never;

/**
 * One page of a spec list call for `DataTable`: the filters plus `page`, `pageSize` and `sort` in
 * the query, the envelope read as rows and total (`cnt`). Empty filters are left out of the address.
 */
export async function fetchListPage<E extends Endpoint>(
  endpoint: E,
  filters: object,
  request: PageRequest,
  signal: AbortSignal,
): Promise<DataPage<RowOf<E>>> {
  const query = { ...filters, page: request.page, pageSize: request.pageSize, sort: request.sort };
  const answer = await callApi(endpoint, { query } as EndpointInput<E>, { signal });
  return pageFromEnvelope(answer as ListEnvelope<RowOf<E>>);
}
