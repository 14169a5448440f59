import type { AlertRecord } from '@pitboss/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveAlerts } from '../../../ws/live';
import { pushedAlert } from '../live';
import { type AlertFilters, filtersKey, matchesFilters } from './alert-filters';

export interface LiveAlertNotice {
  /** Alerts pushed since the screen opened (or the notice was cleared) that the filters would show. */
  newIds: ReadonlySet<number>;
  clear: () => void;
}

/**
 * New alerts while the list is open: the server's `invalidate` after each stored batch refetches the
 * list (the user's filters, page and sort stay); each pushed alert the filters would show counts
 * towards the "n new alerts" notice. Changing the filters starts the count again.
 */
export function useLiveAlertNotice(filters: AlertFilters): LiveAlertNotice {
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(new Set());
  const current = useRef(filters);
  current.current = filters;
  const key = JSON.stringify(filtersKey(filters));
  // biome-ignore lint/correctness/useExhaustiveDependencies: new filters start a new count
  useEffect(() => setNewIds(new Set()), [key]);

  useLiveAlerts('player', (message) => {
    const alert: AlertRecord | undefined = pushedAlert(message.alert);
    if (alert && matchesFilters(alert, current.current)) {
      setNewIds((ids) => new Set(ids).add(alert.AlertID));
    }
  });
  const clear = useCallback(() => setNewIds(new Set()), []);
  return { newIds, clear };
}
