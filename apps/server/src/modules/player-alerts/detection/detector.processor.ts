import { toEngineEvent } from '@pitboss/engine';
import type { Sql } from '../../../db/database';
import { baseAmount } from '../../event-store/decimal';
import type { EventProcessor } from '../../event-store/event-processor';
import type { StoredBatch, StoredEvent } from '../../event-store/stored-batch';
import type { DetectorService } from './detector.service';
import { type DetectorStateRow, readStateStatement, stateOf } from './detector-state.repository';
import { type AlertAnnouncer, announceAlerts, type RaisedAlert } from './store-alerts';

/** A top-up's or transfer's base amount exactly as stored (`amount × rate` rounded once), as replay reads it. */
function storedBase(e: StoredEvent): number | null {
  if (e.type !== 'purchase' && e.type !== 'transfer') return null;
  const text = baseAmount(e.amount, e.rate);
  return text === null ? null : Number(text);
}

/**
 * The detectors as an ingest step (after the rollups): runs the batch through the company's engine in
 * the ingest transaction, and after the commit pushes the new alerts to the company's consoles.
 */
export function detectorProcessor(detectors: DetectorService, announcer: AlertAnnouncer): EventProcessor {
  const raised = new WeakMap<StoredBatch, RaisedAlert[]>();
  return {
    name: 'player-alerts',
    readAtLock: readStateStatement,
    async process(sql: Sql, batch: StoredBatch, atLock: readonly Record<string, unknown>[]) {
      const events = batch.events.map((e) => toEngineEvent(e, storedBase(e)));
      const ids = new Set(batch.events.map((e) => e.id));
      const state = stateOf(atLock[0] as DetectorStateRow | undefined);
      const { alerts } = await detectors.detect(sql, batch.company.cid, events, ids, state);
      if (alerts.length > 0) raised.set(batch, alerts);
    },
    afterCommit(batch: StoredBatch) {
      const alerts = raised.get(batch);
      if (alerts) announceAlerts(announcer, batch.company.cid, alerts);
    },
  };
}
