import type { AlertRecord } from '@pitboss/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

/**
 * The alert a websocket `alert` message carries, when it has the list's shape; undefined otherwise
 * (the screen then refetches without counting it).
 */
export function pushedAlert(payload: Record<string, unknown>): AlertRecord | undefined {
  const required = ['AlertID', 'EventType', 'Level', 'WindowEnd', 'MemberID', 'Status'] as const;
  if (required.some((key) => payload[key] === undefined)) return undefined;
  return payload as unknown as AlertRecord;
}

/**
 * A refetch of the queries under `queryKey` at most once per `intervalMs`, the first at once: a burst
 * of pushed alerts (thousands a minute) costs one request per interval, not one per alert.
 */
export function useThrottledInvalidate(queryKey: readonly unknown[], intervalMs = 2000): () => void {
  const queryClient = useQueryClient();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const key = useRef(queryKey);
  key.current = queryKey;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    if (timer.current) return;
    const wait = Math.max(0, last.current + intervalMs - Date.now());
    timer.current = setTimeout(() => {
      timer.current = undefined;
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: key.current });
    }, wait);
  }, [queryClient, intervalMs]);
}
