import { ALERT_QUERY_KEYS, type AlertType, addBlacklistMembers } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export interface BlacklistFromAlert {
  MemberIDs: string[];
  Memo: string;
  /** The alert's type, kept on the blacklist entry (spec §3 EventType). */
  EventType: AlertType;
}

/** Adds the members behind an alert to the blacklist, recording the alert type. */
export function useBlacklistAlertMembersMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ MemberIDs, Memo, EventType }: BlacklistFromAlert) =>
      callApi(addBlacklistMembers, {
        body: { BlackMember_UDT: MemberIDs.map((MemberID) => ({ MemberID, Memo, EventType })) },
      }),
    onSuccess: async () => {
      await Promise.all([
        // Alerts show whether their member is blacklisted now.
        queryClient.invalidateQueries({ queryKey: [ALERT_QUERY_KEYS.alerts] }),
        queryClient.invalidateQueries({ queryKey: ['blacklist'] }),
      ]);
    },
  });
}
