import { updateCompanyPermission } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { storeToken } from '../../../lib/session-cookies';
import { useGlobalStore } from '../../../store/global-store';
import { socketClient } from '../../../ws/socket-client';

/**
 * Switches the working company: `auth/update-company-permission` answers a token scoped to it, which
 * replaces the cookie; then every query refetches and the socket rejoins as the new company.
 */
export function useSwitchCompanyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cid: number) => callApi(updateCompanyPermission, { body: { cid } }),
    onSuccess: async (answer) => {
      storeToken(answer.token);
      useGlobalStore.getState().setCid(answer.cid);
      socketClient.reconnect();
      await queryClient.invalidateQueries();
    },
  });
}
