import { listMailRecipients } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { recipientsQueryKey } from './keys';

/** The company's users with a mail address (`GET notification/mail/recipients`). */
export function useListRecipientsQuery() {
  return useQuery({
    queryKey: recipientsQueryKey,
    queryFn: async ({ signal }) => (await callApi(listMailRecipients, {}, { signal })).data.recordset,
  });
}
