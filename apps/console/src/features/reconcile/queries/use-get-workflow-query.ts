import { getReconcileWorkflow } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { workflowsKey } from './list-workflows';

/** One reconciliation: figures per game, the difference since it was frozen, adjustments, history. */
export function useGetWorkflowQuery(id: number | undefined) {
  return useQuery({
    queryKey: [...workflowsKey, 'detail', id],
    queryFn: async ({ signal }) => (await callApi(getReconcileWorkflow, { params: { id: id ?? 0 } }, { signal })).data,
    enabled: id !== undefined,
  });
}
