import { updateSystemSetting } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { systemSettingKey } from './use-system-setting-query';

export interface SystemSettingChange {
  BaseCurrency?: string | undefined;
  TimeZone?: string | undefined;
  ConfirmBaseCurrencyChange?: boolean | undefined;
}

/** Changes the base currency and/or the time zone; rates follow a base-currency change. */
export function useUpdateSystemSettingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SystemSettingChange) => callApi(updateSystemSetting, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: systemSettingKey });
      await queryClient.invalidateQueries({ queryKey: ['currency'] });
      // The time zone every screen shows comes with the user's info.
      await queryClient.invalidateQueries({ queryKey: ['auth', 'user-info'] });
    },
  });
}
