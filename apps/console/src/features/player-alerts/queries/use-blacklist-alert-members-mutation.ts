import {
  ALERT_QUERY_KEYS,
  type AlertType,
  addBlacklistMembers,
  blacklistAndProcessAlert,
  LIST_QUERY_KEYS,
} from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export interface BlacklistFromAlert {
  MemberIDs: string[];
  Memo: string;
  /** The alert's type, kept on the blacklist entry (spec §3 EventType). */
  EventType: AlertType;
  /** Also mark this pending alert processed with the same memo, in the same transaction. */
  processAlertId?: number | undefined;
}

/** Adds the members behind an alert to the blacklist, recording the alert type. */
export function useBlacklistAlertMembersMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ MemberIDs, Memo, EventType, processAlertId }: BlacklistFromAlert) => {
      if (processAlertId !== undefined) {
        const answer = await callApi(blacklistAndProcessAlert, {
          params: { AlertID: processAlertId },
          body: { MemberIDs, Memo },
        });
        return { ...answer, processed: true };
      }
      const answer = await callApi(addBlacklistMembers, {
        body: { BlackMember_UDT: MemberIDs.map((MemberID) => ({ MemberID, Memo, EventType })) },
      });
      return { ...answer, processed: false };
    },
    onSuccess: async () => {
      await Promise.all([
        // Alerts show whether their member is blacklisted now.
        queryClient.invalidateQueries({ queryKey: [ALERT_QUERY_KEYS.alerts] }),
        queryClient.invalidateQueries({ queryKey: [LIST_QUERY_KEYS.blacklist] }),
        queryClient.invalidateQueries({ queryKey: [LIST_QUERY_KEYS.blockApiLogs] }),
      ]);
    },
  });
}
