import { LIST_QUERY_KEYS, removeBlacklistMembers } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Removes members (`DELETE /api/blockList`); it does not unlock them on the platform. */
export function useRemoveBlacklistMembersMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberIds: string[]) =>
      callApi(removeBlacklistMembers, { body: { BlackMember_UDT: memberIds.map((MemberID) => ({ MemberID })) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LIST_QUERY_KEYS.blacklist] }),
  });
}
