import { listReconcileCustomers } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { customersKey } from './list-customers';

/** Every customer (up to 1000) for the pickers of the workflow and report screens: id and business name. */
export function useCustomerOptionsQuery() {
  return useQuery({
    queryKey: [...customersKey, 'options'],
    queryFn: async ({ signal }) => {
      const answer = await callApi(listReconcileCustomers, { query: { page: 1, pageSize: 1000 } }, { signal });
      return answer.data.recordset.map((c) => ({ value: c.ID, label: c.BusinessName }));
    },
  });
}
