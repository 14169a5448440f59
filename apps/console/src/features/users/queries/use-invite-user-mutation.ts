import { type InviteUserBody, inviteUser } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { mailLogKey } from '../../mail/queries/list-mail-log';
import { usersKey } from './list-users';

/** Mails an invitation: again to an invited user (`AID`), or to an address (`Mail`, `Tags`). */
export function useInviteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteUserBody) => callApi(inviteUser, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersKey });
      await queryClient.invalidateQueries({ queryKey: mailLogKey });
    },
  });
}
