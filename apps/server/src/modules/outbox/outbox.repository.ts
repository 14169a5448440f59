import type { Sql } from '../../db/database';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'unsent';

export interface OutboxItem<P = unknown> {
  cid: number;
  id: number;
  channel: string;
  dedupe_key: string | null;
  payload: P;
  status: OutboxStatus;
  attempts: number;
  max_attempts: number;
  created_at: string;
}

export interface NewOutboxItem {
  cid: number;
  channel: string;
  payload: unknown;
  /** Enqueueing the same key twice (per company and channel) keeps the first. */
  dedupeKey?: string;
  maxAttempts?: number;
  /** Earliest send time; default now. */
  notBefore?: Date;
}

/** Adds items in the caller's transaction; answers the ids of those actually added. */
export async function enqueue(sql: Sql, items: NewOutboxItem[]): Promise<number[]> {
  if (items.length === 0) return [];
  const { rows } = await sql.query<{ id: number }>(
    `INSERT INTO outbox (cid, channel, payload, dedupe_key, max_attempts, next_attempt_at)
     SELECT * FROM unnest($1::int[], $2::text[], $3::jsonb[], $4::text[], $5::int[], $6::timestamptz[])
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [
      items.map((i) => i.cid),
      items.map((i) => i.channel),
      items.map((i) => JSON.stringify(i.payload)),
      items.map((i) => i.dedupeKey ?? null),
      items.map((i) => i.maxAttempts ?? 8),
      items.map((i) => (i.notBefore ?? new Date()).toISOString()),
    ],
  );
  return rows.map((r) => r.id);
}

/**
 * `enqueue` for items that all carry a dedupe key: answers the id of each item actually added by its
 * key (an item whose key was already queued is absent), so a bulk enqueue can record what each row is for.
 */
export async function enqueueKeyed(
  sql: Sql,
  items: (NewOutboxItem & { dedupeKey: string })[],
): Promise<Map<string, number>> {
  if (items.length === 0) return new Map();
  const { rows } = await sql.query<{ id: number; channel: string; dedupe_key: string }>(
    `INSERT INTO outbox (cid, channel, payload, dedupe_key, max_attempts, next_attempt_at)
     SELECT * FROM unnest($1::int[], $2::text[], $3::jsonb[], $4::text[], $5::int[], $6::timestamptz[])
     ON CONFLICT DO NOTHING
     RETURNING id, channel, dedupe_key`,
    [
      items.map((i) => i.cid),
      items.map((i) => i.channel),
      items.map((i) => JSON.stringify(i.payload)),
      items.map((i) => i.dedupeKey),
      items.map((i) => i.maxAttempts ?? 8),
      items.map((i) => (i.notBefore ?? new Date()).toISOString()),
    ],
  );
  return new Map(rows.map((r) => [keyOf(r.channel, r.dedupe_key), r.id]));
}

/** How `enqueueKeyed` names an item: dedupe keys are unique per company and channel. */
export function keyOf(channel: string, dedupeKey: string): string {
  return `${channel}\u0000${dedupeKey}`;
}

/** Which channels a claim takes: only those named, or all but those named (a worker's lanes). */
export type ChannelFilter = { only: readonly string[] } | { except: readonly string[] };

/**
 * Claims due items for sending: marks them `sending` with a lease, so that another process (or this
 * one after a crash) only takes them again once the lease has run out. SKIP LOCKED lets several
 * workers share the queue. `channels` restricts the claim to one lane of the worker (the fan-out of
 * alerts, say), so one lane's backlog never holds up the other's items.
 */
export async function claimDue(
  sql: Sql,
  limit: number,
  leaseSeconds: number,
  channels?: ChannelFilter,
): Promise<OutboxItem[]> {
  const filter =
    channels === undefined
      ? '$3::text[] IS NULL'
      : 'only' in channels
        ? 'channel = ANY($3::text[])'
        : 'channel <> ALL($3::text[])';
  const names = channels === undefined ? null : 'only' in channels ? channels.only : channels.except;
  const { rows } = await sql.query<OutboxItem>(
    `UPDATE outbox o
        SET status = 'sending', attempts = o.attempts + 1, locked_until = now() + make_interval(secs => $2)
       FROM (SELECT cid, id FROM outbox
              WHERE status = 'pending' AND next_attempt_at <= now() AND ${filter}
              ORDER BY next_attempt_at, id
              LIMIT $1
              FOR UPDATE SKIP LOCKED) due
      WHERE o.cid = due.cid AND o.id = due.id
      RETURNING o.cid, o.id, o.channel, o.dedupe_key, o.payload, o.status, o.attempts, o.max_attempts, o.created_at`,
    [limit, leaseSeconds, names],
  );
  // RETURNING does not keep the subquery's order; the lanes hand items on in due order.
  return rows.sort((a, b) => a.id - b.id);
}

/** Items whose lease ran out while `sending` (their process died) go back to the queue. */
export async function releaseExpiredLeases(sql: Sql): Promise<number> {
  const { rowCount } = await sql.query(
    `UPDATE outbox SET status = 'pending', locked_until = NULL, next_attempt_at = now()
      WHERE status = 'sending' AND locked_until < now()`,
  );
  return rowCount ?? 0;
}

export async function markSent(sql: Sql, item: OutboxItem, detail: string): Promise<void> {
  await markManySent(sql, [item], [detail]);
}

/** Marks items sent, each with its detail, and logs each attempt: one statement, one commit. */
export async function markManySent(sql: Sql, items: readonly OutboxItem[], details: readonly string[]): Promise<void> {
  if (items.length === 0) return;
  await sql.query(
    `WITH done AS (
       UPDATE outbox o SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL
         FROM unnest($1::int[], $2::bigint[]) AS x(cid, id)
        WHERE o.cid = x.cid AND o.id = x.id
        RETURNING o.cid, o.id)
     INSERT INTO delivery_log (cid, outbox_id, channel, attempt, outcome, detail)
     SELECT x.cid, x.id, x.channel, x.attempt, 'sent', x.detail
       FROM unnest($1::int[], $2::bigint[], $3::text[], $4::int[], $5::text[]) AS x(cid, id, channel, attempt, detail)
       JOIN done ON done.cid = x.cid AND done.id = x.id`,
    [
      items.map((i) => i.cid),
      items.map((i) => i.id),
      items.map((i) => i.channel),
      items.map((i) => i.attempts),
      details.map((d) => d.slice(0, 2000)),
    ],
  );
}

export async function markUnsent(sql: Sql, item: OutboxItem, detail: string): Promise<void> {
  await sql.query(
    `UPDATE outbox SET status = 'unsent', locked_until = NULL, last_error = $3 WHERE cid = $1 AND id = $2`,
    [item.cid, item.id, detail],
  );
  await log(sql, item, 'unsent', detail);
}

/** A failed attempt: retried at `retryAt`, or failed for good when attempts are used up or `retryAt` is null. */
export async function markFailed(
  sql: Sql,
  item: OutboxItem,
  detail: string,
  retryAt: Date | null,
): Promise<'retry' | 'failed'> {
  const final = retryAt === null || item.attempts >= item.max_attempts;
  await sql.query(
    `UPDATE outbox SET status = $3, locked_until = NULL, last_error = $4, next_attempt_at = COALESCE($5, next_attempt_at)
      WHERE cid = $1 AND id = $2`,
    [item.cid, item.id, final ? 'failed' : 'pending', detail, final ? null : retryAt?.toISOString()],
  );
  await log(sql, item, final ? 'failed' : 'retry', detail);
  return final ? 'failed' : 'retry';
}

async function log(sql: Sql, item: OutboxItem, outcome: string, detail: string): Promise<void> {
  await sql.query(
    `INSERT INTO delivery_log (cid, outbox_id, channel, attempt, outcome, detail) VALUES ($1, $2, $3, $4, $5, $6)`,
    [item.cid, item.id, item.channel, item.attempts, outcome, detail.slice(0, 2000)],
  );
}

export interface DeliveryLogRow {
  cid: number;
  id: number;
  outbox_id: number;
  channel: string;
  attempt: number;
  outcome: string;
  detail: string;
  created_at: string;
}

export async function listDeliveries(
  sql: Sql,
  cid: number,
  options: { channel?: string; limit?: number; offset?: number } = {},
): Promise<{ rows: DeliveryLogRow[]; total: number }> {
  const where = options.channel ? 'cid = $1 AND channel = $2' : 'cid = $1 AND $2::text IS NULL';
  const params = [cid, options.channel ?? null];
  const [{ rows }, count] = await Promise.all([
    sql.query<DeliveryLogRow>(
      `SELECT cid, id, outbox_id, channel, attempt, outcome, detail, created_at FROM delivery_log
        WHERE ${where} ORDER BY id DESC LIMIT $3 OFFSET $4`,
      [...params, options.limit ?? 25, options.offset ?? 0],
    ),
    sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM delivery_log WHERE ${where}`, params),
  ]);
  return { rows, total: count.rows[0]?.n ?? 0 };
}
