import type { IngestEvent, IngestResult } from '@pitboss/contract';
import type { BatchPlan } from './batch-plan';

/** A group of calls made ready before its transaction (`GroupWriter.prepare`). */
export interface PreparedGroup {
  /** The group's events in call order, each id once, and for each call the events it brings first. */
  events: IngestEvent[];
  owned: IngestEvent[][];
  /** Events each call sent. */
  sizes: number[];
  /** Rate pairs the plan used (checked in the transaction); empty without a plan. */
  pairs: [string, string][];
  /**
   * The batch if every event is new and the company's settings and rates are as last seen (its bets
   * written apart, before the lock); else planned in the transaction.
   */
  plan: BatchPlan | undefined;
}

/**
 * The events of a group's calls in order, each id once, and for each call the events it brings first
 * (an id an earlier call of the group sent is that later call's duplicate).
 */
export function combineCalls(calls: IngestEvent[][]): Pick<PreparedGroup, 'events' | 'owned' | 'sizes'> {
  const sizes = calls.map((call) => call.length);
  if (calls.length === 1) return { events: calls[0] as IngestEvent[], owned: calls, sizes };
  const seen = new Set<string>();
  const events: IngestEvent[] = [];
  const owned = calls.map((call) => {
    const mine: IngestEvent[] = [];
    for (const event of call) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      mine.push(event);
      events.push(event);
    }
    return mine;
  });
  return { events, owned, sizes };
}

/** Events of the group's calls left out because an earlier call of the group sent the same id. */
export function duplicatesWithin(prepared: Pick<PreparedGroup, 'sizes' | 'events'>): number {
  return prepared.sizes.reduce((n, size) => n + size, 0) - prepared.events.length;
}

/** Each call's counts: its own events not stored before (an id an earlier call of the group sent is a duplicate). */
export function resultsOf(prepared: PreparedGroup, stored: ReadonlySet<string>): IngestResult[] {
  return prepared.owned.map((mine, i) => {
    let accepted = 0;
    for (const event of mine) if (!stored.has(event.id)) accepted++;
    return { accepted, duplicates: (prepared.sizes[i] ?? 0) - accepted };
  });
}
