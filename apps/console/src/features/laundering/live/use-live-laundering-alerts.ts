import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveAlerts } from '../../../ws/live';
import { type LaunderingAlertFilters, matchesLaunderingFilters, pushedLaunderingAlert } from './live-filters';

export interface LiveLaunderingNotice {
  /** Alerts pushed since the screen opened (or the notice was cleared) that the filters would show. */
  newIds: ReadonlySet<number>;
  /** Alerts that rose to a higher level since (one incident, one alert). */
  escalatedIds: ReadonlySet<number>;
  clear: () => void;
}

/**
 * New opposing-bet alerts while the list is open: the server's `invalidate` after each stored batch
 * refetches the list (filters, page and sort stay); each pushed alert the filters would show counts
 * towards the "n new alerts" notice. New filters start the count again.
 */
export function useLiveLaunderingAlerts(filters: LaunderingAlertFilters): LiveLaunderingNotice {
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(new Set());
  const [escalatedIds, setEscalatedIds] = useState<ReadonlySet<number>>(new Set());
  const current = useRef(filters);
  current.current = filters;
  const key = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new filters start a new count
  useEffect(() => {
    setNewIds(new Set());
    setEscalatedIds(new Set());
  }, [key]);

  useLiveAlerts('laundering', (message) => {
    const alert = pushedLaunderingAlert(message.alert);
    if (!alert || !matchesLaunderingFilters(alert, current.current)) return;
    if (message.escalated) setEscalatedIds((ids) => new Set(ids).add(alert.AlertID));
    else setNewIds((ids) => new Set(ids).add(alert.AlertID));
  });
  const clear = useCallback(() => {
    setNewIds(new Set());
    setEscalatedIds(new Set());
  }, []);
  return { newIds, escalatedIds, clear };
}
