import type { AlertRecord } from '@pitboss/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveAlerts } from '../../../ws/live';
import { pushedAlert } from '../live';
import { type AlertFilters, filtersKey, matchesFilters } from './alert-filters';

export interface LiveAlertNotice {
  /** Alerts pushed since the screen opened (or the notice was cleared) that the filters would show. */
  newIds: ReadonlySet<number>;
  /** Alerts already listed that rose to a higher level since (one incident, one alert). */
  escalatedIds: ReadonlySet<number>;
  clear: () => void;
}

/**
 * New alerts while the list is open: the server's `invalidate` after each stored batch refetches the
 * list (the user's filters, page and sort stay); each pushed alert the filters would show counts
 * towards the "n new alerts" notice. Changing the filters starts the count again.
 */
export function useLiveAlertNotice(filters: AlertFilters): LiveAlertNotice {
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(new Set());
  const [escalatedIds, setEscalatedIds] = useState<ReadonlySet<number>>(new Set());
  const current = useRef(filters);
  current.current = filters;
  const key = JSON.stringify(filtersKey(filters));
  // biome-ignore lint/correctness/useExhaustiveDependencies: new filters start a new count
  useEffect(() => {
    setNewIds(new Set());
    setEscalatedIds(new Set());
  }, [key]);

  useLiveAlerts('player', (message) => {
    const alert: AlertRecord | undefined = pushedAlert(message.alert);
    if (!alert || !matchesFilters(alert, current.current)) return;
    // An escalated alert is not a new one: the list's refetch shows its new level in its row.
    if (message.escalated) setEscalatedIds((ids) => new Set(ids).add(alert.AlertID));
    else setNewIds((ids) => new Set(ids).add(alert.AlertID));
  });
  const clear = useCallback(() => {
    setNewIds(new Set());
    setEscalatedIds(new Set());
  }, []);
  return { newIds, escalatedIds, clear };
}
