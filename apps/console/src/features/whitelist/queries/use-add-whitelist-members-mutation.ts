import { addWhitelistMembers, LIST_QUERY_KEYS } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Adds members to the whitelist (`POST monitor/whitelist`): they raise no player alerts. */
export function useAddWhitelistMembersMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (members: { MemberID: string; Memo: string }[]) =>
      callApi(addWhitelistMembers, { body: { WhiteMember_UDT: members } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LIST_QUERY_KEYS.whitelist] }),
  });
}
