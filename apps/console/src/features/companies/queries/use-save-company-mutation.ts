import { type CreateCompanyBody, createCompany, type UpdateCompanyBody, updateCompany } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { companiesKey } from './list-companies';

/** Creates a company (`cid` undefined: its first administrator is invited by mail) or changes one. */
export function useSaveCompanyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { cid?: number | undefined; body: CreateCompanyBody | UpdateCompanyBody }) =>
      save.cid === undefined
        ? callApi(createCompany, { body: save.body as CreateCompanyBody })
        : callApi(updateCompany, { params: { cid: save.cid }, body: save.body as UpdateCompanyBody }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}
