import { LIST_QUERY_KEYS, removeWhitelistMembers } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Removes members from the whitelist (`DELETE monitor/whitelist`). */
export function useRemoveWhitelistMembersMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberIds: string[]) =>
      callApi(removeWhitelistMembers, { body: { WhiteMember_UDT: memberIds.map((MemberID) => ({ MemberID })) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LIST_QUERY_KEYS.whitelist] }),
  });
}
