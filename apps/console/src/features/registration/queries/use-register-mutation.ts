import { checkEmail, type RegisterBody, register } from '@pitboss/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/**
 * Registers with a link. A new account's address is verified first (`auth/check-email`, with the
 * link's token), so an unusable address fails with its own fixed message before anything is created.
 */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: async ({ body, verifyMail }: { body: RegisterBody; verifyMail: string | undefined }) => {
      if (verifyMail) await callApi(checkEmail, { query: { mail: verifyMail } }, { token: body.Token });
      return callApi(register, { body });
    },
  });
}
