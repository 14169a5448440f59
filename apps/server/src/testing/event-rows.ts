import type { IngestEvent } from '@pitboss/contract';
import { type EventTableRows, eventTableRows } from '../modules/event-store/event-tables.repository';

export type { EventTableRows };

import { assembleBatch, type CompanyInfo, deriveEvents } from '../modules/event-store/stored-batch';

/**
 * The rows ingestion would write into the event tables for `events` (all in the base currency, or
 * with null base amounts): what the ingest benchmark COPYs to measure the database's ceiling.
 */
export function eventRowsOf(
  events: IngestEvent[],
  company: Omit<CompanyInfo, 'cid'> & { cid?: number },
): EventTableRows[] {
  const info: CompanyInfo = { cid: 1, ...company };
  return eventTableRows(assembleBatch(info, deriveEvents(info, events), new Map(), 0));
}
