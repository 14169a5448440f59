import type { AlertKind, ServerMessage } from '@pitboss/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useGlobalStore } from '../store/global-store';
import { socketClient } from './socket-client';

export type AlertMessage = Extract<ServerMessage, { type: 'alert' }>;

/**
 * Websocket messages into the app: `invalidate` refetches the listed query-key roots of the working
 * company (so query keys start with their domain, e.g. `['alerts', …]`); `alert` goes to subscribers.
 * Returns the unsubscribe function.
 */
export function connectLiveUpdates(queryClient: QueryClient): () => void {
  return socketClient.subscribe((message) => {
    if (message.type !== 'invalidate') return;
    const cid = useGlobalStore.getState().cid;
    if (cid !== null && message.cid !== cid) return;
    for (const key of message.keys) void queryClient.invalidateQueries({ queryKey: [key] });
  });
}

/**
 * Calls `onAlert` for each alert of `kind` (player, game, laundering) the server pushes for the working
 * company while the screen is open: new alerts, and alerts escalated to a higher level (`escalated`).
 */
export function useLiveAlerts(kind: AlertKind, onAlert: (message: AlertMessage) => void): void {
  const handler = useRef(onAlert);
  handler.current = onAlert;
  useEffect(
    () =>
      socketClient.subscribe((message) => {
        if (message.type !== 'alert' || message.kind !== kind) return;
        const cid = useGlobalStore.getState().cid;
        if (cid === null || message.cid === cid) handler.current(message);
      }),
    [kind],
  );
}
