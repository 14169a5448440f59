import { addBlacklistMembers } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/**
 * Adds every member of an opposing-bet alert to the blacklist with a memo naming the alert. The blacklist
 * records alert types 1–7 only, so the entry carries no EventType (opposing bets are event type 9).
 */
export function useBlacklistMembersMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ MemberIDs, Memo }: { MemberIDs: string[]; Memo: string }) =>
      callApi(addBlacklistMembers, { body: { BlackMember_UDT: MemberIDs.map((MemberID) => ({ MemberID, Memo })) } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['blacklist'] }),
  });
}
