import { type UpdateIpAllowlistBody, updateIpAllowlist } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { systemSettingKey } from './use-system-setting-query';

/** Replaces the console IP allowlist; the answer carries the saved settings. */
export function useUpdateIpAllowlistMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateIpAllowlistBody) => callApi(updateIpAllowlist, { body }),
    onSuccess: (answer) => queryClient.setQueryData(systemSettingKey, answer.data),
  });
}
