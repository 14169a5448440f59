import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveAlerts } from '../../../ws/live';
import { type GameAlertFilters, gameAlertMatches, gameFiltersKey, pushedGameAlert } from './game-alert-filters';

export interface LiveGameAlertNotice {
  /** Game alerts pushed since the screen opened (or the notice was cleared) that the filters would show. */
  newIds: ReadonlySet<number>;
  /** Listed alerts that rose to a higher level since (one incident, one alert). */
  escalatedIds: ReadonlySet<number>;
  clear: () => void;
}

/**
 * New game alerts while the list is open: the server's `invalidate ['game-rtp-alerts']` after each stored
 * batch refetches the list in place; each pushed game alert the filters would show counts towards the
 * "n new alerts" notice. Changing the filters starts the count again.
 */
export function useLiveGameAlertNotice(filters: GameAlertFilters): LiveGameAlertNotice {
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(new Set());
  const [escalatedIds, setEscalatedIds] = useState<ReadonlySet<number>>(new Set());
  const current = useRef(filters);
  current.current = filters;
  const key = JSON.stringify(gameFiltersKey(filters));
  // biome-ignore lint/correctness/useExhaustiveDependencies: new filters start a new count
  useEffect(() => {
    setNewIds(new Set());
    setEscalatedIds(new Set());
  }, [key]);

  useLiveAlerts('game', (message) => {
    const alert = pushedGameAlert(message.alert);
    if (!alert || !gameAlertMatches(alert, current.current)) return;
    if (message.escalated) setEscalatedIds((ids) => new Set(ids).add(alert.AlertID));
    else setNewIds((ids) => new Set(ids).add(alert.AlertID));
  });
  const clear = useCallback(() => {
    setNewIds(new Set());
    setEscalatedIds(new Set());
  }, []);
  return { newIds, escalatedIds, clear };
}
