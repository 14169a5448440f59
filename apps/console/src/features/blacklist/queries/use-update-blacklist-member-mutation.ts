import { type BlacklistEventType, LIST_QUERY_KEYS, updateBlacklistMember } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export interface BlacklistMemberChange {
  MemberID: string;
  Memo: string;
  /** Alert type 1–7, or null for a manual entry. */
  EventType: BlacklistEventType | null;
}

/** Edits a member's memo and alert type (`PUT /api/blockList/{MemberID}`); no block call is made. */
export function useUpdateBlacklistMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ MemberID, Memo, EventType }: BlacklistMemberChange) =>
      callApi(updateBlacklistMember, {
        params: { MemberID },
        body: { Memo, EventType },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LIST_QUERY_KEYS.blacklist] }),
  });
}
