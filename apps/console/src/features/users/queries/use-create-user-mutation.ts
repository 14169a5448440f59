import { type CreateUserBody, createUser } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { mailLogKey } from '../../mail/queries/list-mail-log';
import { usersKey } from './list-users';

/** Creates a user; without a password the server mails an invitation. */
export function useCreateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => callApi(createUser, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersKey });
      await queryClient.invalidateQueries({ queryKey: mailLogKey });
    },
  });
}
