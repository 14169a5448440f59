import { createGroup, updateGroup } from '@pitboss/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { usersKey } from './list-users';

export interface GroupChange {
  /** Absent for a new group. */
  GroupID?: number | undefined;
  Name: string;
  Memo: string;
}

/** Creates a group, or renames one and changes its memo. */
export function useSaveGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ GroupID, Name, Memo }: GroupChange) =>
      GroupID === undefined
        ? callApi(createGroup, { body: { Name, Memo } })
        : callApi(updateGroup, { body: { GroupID, Name, Memo } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
