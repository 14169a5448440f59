import { type UpdateUserBody, updateUser } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { usersKey } from './list-users';

/** Changes a user's role, status, group, name or mail in the working company. */
export function useUpdateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ aid, body }: { aid: number; body: UpdateUserBody }) =>
      callApi(updateUser, { params: { AID: aid }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
