import { resendMail } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { mailLogKey } from './list-mail-log';

/** Queues an unsent or failed mail again. */
export function useResendMailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(resendMail, { params: { ID: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailLogKey }),
  });
}
