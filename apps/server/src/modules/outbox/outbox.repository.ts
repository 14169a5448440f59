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
 * Claims due items for sending: marks them `sending` with a lease, so that another process (or this
 * one after a crash) only takes them again once the lease has run out. SKIP LOCKED lets several
 * workers share the queue.
 */
export async function claimDue(sql: Sql, limit: number, leaseSeconds: number): Promise<OutboxItem[]> {
  const { rows } = await sql.query<OutboxItem>(
    `UPDATE outbox o
        SET status = 'sending', attempts = o.attempts + 1, locked_until = now() + make_interval(secs => $2)
       FROM (SELECT cid, id FROM outbox
              WHERE status = 'pending' AND next_attempt_at <= now()
              ORDER BY next_attempt_at, id
              LIMIT $1
              FOR UPDATE SKIP LOCKED) due
      WHERE o.cid = due.cid AND o.id = due.id
      RETURNING o.cid, o.id, o.channel, o.dedupe_key, o.payload, o.status, o.attempts, o.max_attempts, o.created_at`,
    [limit, leaseSeconds],
  );
  return rows;
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
  await sql.query(
    `UPDATE outbox SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL WHERE cid = $1 AND id = $2`,
    [item.cid, item.id],
  );
  await log(sql, item, 'sent', detail);
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
