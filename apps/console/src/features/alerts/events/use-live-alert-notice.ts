import type { AlertRecord } from '@pitboss/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveAlerts } from '../../../ws/live';
import { pushedAlert, useThrottledInvalidate } from '../live';
import { type AlertFilters, filtersKey, matchesFilters } from './alert-filters';

export interface LiveAlertNotice {
  /** Alerts pushed since the screen opened (or the notice was cleared) that the filters would show. */
  newIds: ReadonlySet<number>;
  clear: () => void;
}

/**
 * New alerts while the list is open: each pushed alert refetches the list (at most every 2 s, the
 * user's filters, page and sort stay) and, when the filters would show it, counts towards the
 * "n new alerts" notice. Changing the filters starts the count again.
 */
export function useLiveAlertNotice(filters: AlertFilters): LiveAlertNotice {
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(new Set());
  const refetch = useThrottledInvalidate(['alerts', 'list']);
  const current = useRef(filters);
  current.current = filters;
  const key = JSON.stringify(filtersKey(filters));
  // biome-ignore lint/correctness/useExhaustiveDependencies: new filters start a new count
  useEffect(() => setNewIds(new Set()), [key]);

  useLiveAlerts((message) => {
    const alert: AlertRecord | undefined = pushedAlert(message.alert);
    if (alert && matchesFilters(alert, current.current)) {
      setNewIds((ids) => new Set(ids).add(alert.AlertID));
    }
    refetch();
  });
  const clear = useCallback(() => setNewIds(new Set()), []);
  return { newIds, clear };
}
