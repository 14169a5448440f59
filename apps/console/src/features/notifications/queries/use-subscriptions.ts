import {
  addSubscription,
  deleteSubscription,
  type Language,
  listSubscriptions,
  type ReportFrequency,
  SUBSCRIPTION_QUERY_KEY,
  sendSubscriptionNow,
  updateSubscription,
} from '@pitboss/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { subscriptionsQueryKey } from './keys';

/** The subscribed reports (`GET notification/subscriptions`). */
export function useSubscriptionsQuery() {
  return useQuery({
    queryKey: subscriptionsQueryKey,
    queryFn: async ({ signal }) => (await callApi(listSubscriptions, {}, { signal })).data.recordset,
  });
}

export interface SubscriptionForm {
  Name: string;
  Frequency: ReportFrequency;
  Hour: number;
  WeekDay: number;
  Mails: string[];
  Language: Language | null;
  Channel: 'Email';
  Enabled: boolean;
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [SUBSCRIPTION_QUERY_KEY] });
}

/** Adds a subscription, or changes the subscription `id`. */
export function useSaveSubscriptionMutation() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: SubscriptionForm & { id?: number | undefined }) =>
      id === undefined ? callApi(addSubscription, { body }) : callApi(updateSubscription, { params: { id }, body }),
    onSuccess,
  });
}

export function useDeleteSubscriptionMutation() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteSubscription, { params: { id } }),
    onSuccess,
  });
}

/** Mails the report of the last full period now; answers it as a preview. */
export function useSendSubscriptionNowMutation() {
  return useMutation({
    mutationFn: async (id: number) => (await callApi(sendSubscriptionNow, { params: { id } })).data,
  });
}
