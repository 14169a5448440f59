import { addBlacklistMembers, type BlacklistEventType, LAUNDERING_EVENT_TYPE } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/**
 * Adds every member of an opposing-bet alert to the blacklist with a memo naming the alert and the event
 * type of opposing bets (9), which the blacklist shows translated.
 */
export function useBlacklistMembersMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ MemberIDs, Memo }: { MemberIDs: string[]; Memo: string }) =>
      callApi(addBlacklistMembers, {
        body: {
          BlackMember_UDT: MemberIDs.map((MemberID) => ({
            MemberID,
            Memo,
            EventType: LAUNDERING_EVENT_TYPE as BlacklistEventType,
          })),
        },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['blacklist'] }),
  });
}
