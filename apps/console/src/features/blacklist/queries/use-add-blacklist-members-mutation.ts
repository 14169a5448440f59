import { addBlacklistMembers, LIST_QUERY_KEYS } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Adds members (`POST monitor/blacklist/members`); the server queues their lock calls. */
export function useAddBlacklistMembersMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (members: { MemberID: string; Memo: string }[]) =>
      callApi(addBlacklistMembers, { body: { BlackMember_UDT: members } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LIST_QUERY_KEYS.blacklist] }),
  });
}
