import { getSystemSetting } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const systemSettingKey = ['settings', 'system'] as const;

/** The working company's parameters: base currency, time zone, console IP allowlist, the caller's address. */
export function useSystemSettingQuery() {
  return useQuery({
    queryKey: systemSettingKey,
    queryFn: async ({ signal }) => (await callApi(getSystemSetting, {}, { signal })).data,
  });
}
