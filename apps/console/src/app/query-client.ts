import { QueryClient } from '@tanstack/react-query';
import { onSessionEnd } from './session-events';

/** Spec §9 data-query defaults: staleTime 0, gcTime 0, no retry, no refetch on window focus. */
export const QUERY_DEFAULTS = { staleTime: 0, gcTime: 0, retry: false, refetchOnWindowFocus: false } as const;

export const queryClient = new QueryClient({
  defaultOptions: { queries: { ...QUERY_DEFAULTS }, mutations: { retry: false } },
});

// A logout or a failed auth check drops every cached answer of the previous user.
onSessionEnd(() => queryClient.clear());
