import { listMailAlerts } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { noticeEventsQueryKey } from './keys';

/** The rules of every kind a setting can choose (`GET notification/mail/alerts`). */
export function useListNoticeEventsQuery() {
  return useQuery({
    queryKey: noticeEventsQueryKey,
    queryFn: async ({ signal }) => (await callApi(listMailAlerts, {}, { signal })).data.recordset,
  });
}
