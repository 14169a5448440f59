import { issueResetLink } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { mailLogKey } from '../../mail/queries/list-mail-log';

/** Starts a password reset for a user of the company: mailed, or answered when it cannot be mailed. */
export function useResetLinkMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (aid: number) => callApi(issueResetLink, { params: { AID: aid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailLogKey }),
  });
}
