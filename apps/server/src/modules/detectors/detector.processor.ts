import type { AlertRecord } from '@pitboss/contract';
import type { EngineEvent } from '@pitboss/engine';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { announceAlerts } from '../alerts/store-alerts';
import { baseAmount } from '../ingest/decimal';
import type { IngestProcessor } from '../ingest/ingest.pipeline';
import type { StoredBatch, StoredEvent } from '../ingest/stored-batch';
import type { DetectorService } from './detector.service';
import { type DetectorStateRow, readStateStatement, stateOf } from './detector-state.repository';

/** A top-up's or transfer's base amount exactly as stored (`amount × rate` rounded once), as replay reads it. */
function storedBase(amount: number, rate: string | null): number | null {
  const text = baseAmount(amount, rate);
  return text === null ? null : Number(text);
}

/** The engine's view of a stored event (its canonical IP and base amount as the event tables hold them). */
export function engineEventOf(e: StoredEvent): EngineEvent {
  switch (e.type) {
    case 'bet':
      return { type: 'bet', id: e.id, time: e.atMs, memberId: e.memberId, stake: e.stake, payout: e.payout };
    case 'login':
      return {
        type: 'login',
        id: e.id,
        time: e.atMs,
        memberId: e.memberId,
        ip: e.ip,
        ...(e.device === undefined ? {} : { device: e.device }),
        success: e.success,
      };
    case 'register':
      return {
        type: 'register',
        id: e.id,
        time: e.atMs,
        memberId: e.memberId,
        ip: e.ip,
        ...(e.device === undefined ? {} : { device: e.device }),
      };
    case 'purchase':
    case 'transfer':
      return { type: e.type, id: e.id, time: e.atMs, memberId: e.memberId, baseAmount: storedBase(e.amount, e.rate) };
    case 'bonus':
      return { type: 'bonus', id: e.id, time: e.atMs, memberId: e.memberId, points: e.points };
  }
}

/**
 * The detectors as an ingest step (after the rollups): runs the batch through the company's engine in
 * the ingest transaction, and after the commit pushes the new alerts to the company's consoles.
 */
export function detectorProcessor(
  detectors: DetectorService,
  ctx: Pick<AppContext, 'hub' | 'outbox'>,
): IngestProcessor {
  const raised = new WeakMap<StoredBatch, AlertRecord[]>();
  return {
    name: 'player-alerts',
    readAtLock: readStateStatement,
    async process(sql: Sql, batch: StoredBatch, atLock: readonly Record<string, unknown>[]) {
      const events = batch.events.map(engineEventOf);
      const ids = new Set(batch.events.map((e) => e.id));
      const state = stateOf(atLock[0] as DetectorStateRow | undefined);
      const { alerts } = await detectors.detect(sql, batch.company.cid, events, ids, state);
      if (alerts.length > 0) raised.set(batch, alerts);
    },
    afterCommit(batch: StoredBatch) {
      const alerts = raised.get(batch);
      if (alerts) announceAlerts(ctx, batch.company.cid, alerts);
    },
  };
}
