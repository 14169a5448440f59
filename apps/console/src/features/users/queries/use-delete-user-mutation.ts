import { deleteUser } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { usersKey } from './list-users';

/** Removes a user from the working company. */
export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (aid: number) => callApi(deleteUser, { params: { id: aid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
