import { changePassword } from '@pitboss/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { storeToken } from '../../../lib/session-cookies';
import { socketClient } from '../../../ws/socket-client';

/**
 * Changes the user's own password with `auth/change-password`: every earlier session ends (this
 * page's token too), so the answered token replaces the cookie and the socket rejoins with it.
 */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: { Password: string; NewPassword: string }) => callApi(changePassword, { body }),
    onSuccess: (answer) => {
      storeToken(answer.token);
      socketClient.reconnect();
    },
  });
}
