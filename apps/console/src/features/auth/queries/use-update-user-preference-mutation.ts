import { updateUserPreference } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { userInfoQueryKey } from './use-user-info-query';

export interface PreferenceChange {
  darkMode?: 0 | 1;
  language?: 'en' | 'zh' | 'zh-CN';
}

/** Saves dark mode and/or language with `auth/update-user-preference`. */
export function useUpdateUserPreferenceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferenceChange) => callApi(updateUserPreference, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  });
}
