import type { AlertRecord, IngestEventInput } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import type { TestApp } from '../../../testing/test-app';
import { addCompany, tokenFor } from '../../../testing/users';
import { createIngestKey, nextId, postEvents } from '../../ingest/ingest.testing';

const MINUTE = 60_000;

/** A company of its own (default rules, an admin and an ingest key), so each test starts with an empty engine. */
export async function companyWithKey(t: TestApp, name: string) {
  const cid = await addCompany(t, name);
  const admin = await tokenFor(t, `${name.toLowerCase().replaceAll(' ', '-')}-admin`, 'admin', cid);
  const key = await createIngestKey(t, admin);
  return { cid, admin, key };
}

/** Posts events and expects them stored. */
export async function ingest(t: TestApp | { call: TestApp['call'] }, key: string, events: IngestEventInput[]) {
  const res = await postEvents(t as TestApp, key, events);
  if (res.statusCode !== 200) throw new Error(`ingest failed: ${res.statusCode} ${res.body}`);
  return res.json() as { accepted: number; duplicates: number };
}

/** The company's alerts as stored, oldest first. */
export async function alertsOf(t: TestApp, cid: number) {
  const { rows } = await t.db.query<{
    alert_id: number;
    event_id: number;
    event_type: number;
    level: number;
    subject_kind: string;
    subject_id: string;
    value: number;
    threshold: number | null;
    window_start: string;
    window_end: string;
    raising_event_id: string;
    event_ids: string[];
    event_count: number;
    status: number;
    level_history: { Level: number; Value: number; HappenedAt: string }[];
  }>(
    `SELECT alert_id, event_id, event_type, level, subject_kind, subject_id, value, threshold, window_start, window_end,
            raising_event_id, event_ids, event_count, status, level_history
       FROM player_alert WHERE cid = $1 ORDER BY window_end, alert_id`,
    [cid],
  );
  return rows;
}

/** Every raise of the detectors (rule, subject, raising event, level), with nothing that varies by run. */
export async function raisesOf(t: TestApp, cid: number): Promise<string[]> {
  const { rows } = await t.db.query<{ key: string }>(
    `SELECT event_id || '|' || subject_kind || ':' || subject_id || '|' || raising_event_id || '|L' || level AS key
       FROM player_alert_raise WHERE cid = $1 ORDER BY 1`,
    [cid],
  );
  return rows.map((r) => r.key);
}

/** What identifies an alert and what it measured, without storage ids: to compare runs. */
export function alertKeys(alerts: Awaited<ReturnType<typeof alertsOf>>): string[] {
  return alerts
    .map(
      (a) =>
        `${a.event_id}|${a.subject_kind}:${a.subject_id}|${a.raising_event_id}|L${a.level}|${a.value}|${a.event_count}`,
    )
    .sort();
}

/** A second app over the same database, as a restarted process (or a second one) would be. */
export async function anotherApp(
  t: TestApp,
): Promise<{ app: FastifyInstance; call: TestApp['call']; close(): Promise<void> }> {
  const app = await buildApp({ config: t.config, db: t.db, logger: false });
  await app.ready();
  return {
    app,
    call: ({ token, ...options }) =>
      app.inject({
        ...options,
        headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    close: () => app.close(),
  };
}

/** Event builders: times count back from `base` in minutes. */
export function events(base: number) {
  const at = (minutes: number) => new Date(base + minutes * MINUTE).toISOString();
  const common = (prefix: string, memberId: string, minutes: number) => ({
    id: nextId(prefix),
    at: at(minutes),
    memberId,
  });
  return {
    at,
    bet: (memberId: string, minutes: number, stake: number, payout: number): IngestEventInput => ({
      type: 'bet',
      ...common('bet', memberId, minutes),
      gameId: 'BAC01',
      roundId: nextId('round'),
      stake,
      payout,
      currency: 'USD',
    }),
    login: (memberId: string, minutes: number, ip: string, success = true): IngestEventInput => ({
      type: 'login',
      ...common('login', memberId, minutes),
      ip,
      success,
    }),
    register: (memberId: string, minutes: number, ip: string, device?: string): IngestEventInput => ({
      type: 'register',
      ...common('reg', memberId, minutes),
      ip,
      ...(device ? { device } : {}),
    }),
    purchase: (memberId: string, minutes: number, amount: number, currency = 'USD'): IngestEventInput => ({
      type: 'purchase',
      ...common('top', memberId, minutes),
      amount,
      currency,
    }),
    transfer: (memberId: string, minutes: number, amount: number, direction: 'in' | 'out'): IngestEventInput => ({
      type: 'transfer',
      ...common('tr', memberId, minutes),
      amount,
      currency: 'USD',
      direction,
    }),
    bonus: (memberId: string, minutes: number, points: number): IngestEventInput => ({
      type: 'bonus',
      ...common('bonus', memberId, minutes),
      points,
    }),
  };
}

export type AlertMessage = { type: 'alert'; cid: number; kind: 'player'; escalated?: boolean; alert: AlertRecord };
