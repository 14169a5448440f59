import { type GenerateRegisterUrlBody, generateRegisterUrl } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { usersKey } from '../../users/queries/list-users';

/** Makes a single-use registration link; the answer holds the link, shown only now. */
export function useGenerateRegisterUrlMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateRegisterUrlBody) => callApi(generateRegisterUrl, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
