import type { AlertRecord } from '@pitboss/contract';
import { storeAlerts } from '../modules/player-alerts/detection/store-alerts';
import type { NewAlert } from '../modules/player-alerts/player-alerts.repository';
import type { TestApp } from './test-app';

let serial = 0;

/** A raised alert as the engine would give it (member subject, high ratio, level 1) with `overrides`. */
export function makeAlert(overrides: Partial<NewAlert> = {}): NewAlert {
  serial += 1;
  const windowEnd = overrides.windowEnd ?? overrides.at ?? new Date(Date.now() - 60_000).toISOString();
  return {
    ruleId: 1,
    eventName: 'High ratio',
    eventType: 1,
    level: 1,
    subject: { kind: 'member', id: 'm-1' },
    value: 2,
    threshold: 1.5,
    op: '>',
    minSample: 30,
    sample: 40,
    windowStart: new Date(Date.parse(windowEnd) - 86_400_000).toISOString(),
    windowEnd,
    at: windowEnd,
    eventId: `ev-${serial}`,
    eventIds: [`ev-${serial}`],
    eventCount: 1,
    ...overrides,
  };
}

/**
 * Stores alerts as the ingest transaction does (with their outbox items): one incident, one alert.
 * Answers the records of the alerts opened or escalated.
 */
export async function insertAlerts(t: TestApp, cid: number, alerts: NewAlert[]): Promise<AlertRecord[]> {
  return (await t.db.tx((sql) => storeAlerts(sql, cid, alerts))).map((raised) => raised.record);
}
