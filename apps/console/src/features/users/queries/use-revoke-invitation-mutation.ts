import { revokeInvitation } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { usersKey } from './list-users';

/** Withdraws a pending invitation or registration link: its link stops working. */
export function useRevokeInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(revokeInvitation, { params: { ID: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
