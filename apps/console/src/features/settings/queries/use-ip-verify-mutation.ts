import { ipVerify } from '@pitboss/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Asks the server whether this browser's address may use the console (`auth/ip-verify`). */
export function useIpVerifyMutation() {
  return useMutation({ mutationFn: () => callApi(ipVerify) });
}
