import { deleteGroup } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { usersKey } from './list-users';

/** Deletes a group; its users stay, without a group. */
export function useDeleteGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: number) => callApi(deleteGroup, { params: { GroupID: groupId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
