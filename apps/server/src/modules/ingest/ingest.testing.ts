import type { IngestEventInput } from '@pitboss/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../testing/test-app';

/** Creates an ingest key through the API as the given admin (default: the test admin of company 1). */
export async function createIngestKey(t: TestApp, token?: string, name = 'Test platform'): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: '/api/v2/system/ingest-keys',
    token: token ?? (await t.login()),
    payload: { Name: name },
  });
  if (res.statusCode !== 200) throw new Error(`creating an ingest key failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { Key: string } }).data.Key;
}

/** Posts events as a JSON array (or any body given as text with its content type). */
export function postEvents(
  t: TestApp,
  key: string | undefined,
  events: unknown,
  contentType = 'application/json',
): Promise<LightMyRequestResponse> {
  return t.call({
    method: 'POST',
    url: '/api/v2/ingest/events',
    headers: { 'content-type': contentType, ...(key ? { authorization: `Bearer ${key}` } : {}) },
    payload: typeof events === 'string' ? events : JSON.stringify(events),
  });
}

let counter = 0;
/** A unique id for test events. */
export function nextId(prefix = 'e'): string {
  counter++;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

export function bet(overrides: Partial<Extract<IngestEventInput, { type: 'bet' }>> = {}): IngestEventInput {
  return {
    type: 'bet',
    id: nextId('bet'),
    at: '2026-11-22T08:15:00+08:00',
    memberId: 'm1',
    gameId: 'g1',
    roundId: nextId('r'),
    stake: 10,
    payout: 0,
    currency: 'USD',
    ...overrides,
  };
}

/** Counts rows of a table for company 1 (or `cid`). */
export async function countRows(t: TestApp, table: string, cid = 1): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE cid = $1`, [cid]);
  return rows[0]?.n ?? 0;
}
