import type { Delivery, DeliveryChannel, DeliveryStatus, Language, Level, Recipient } from '@pitboss/contract';
import type { Sql } from '../../db/database';

export interface EventLevel {
  EventID: number;
  Level: number;
}

export interface SettingRow<V> {
  event_id: number;
  level: Level;
  values: V[];
}

/** Every (event, level) pair of the cross product, as two parallel arrays for `unnest`. */
function pairs(eventIds: readonly number[], levels: readonly number[]): [number[], number[]] {
  const e: number[] = [];
  const l: number[] = [];
  for (const eventId of eventIds) {
    for (const level of levels) {
      e.push(eventId);
      l.push(level);
    }
  }
  return [e, l];
}

// ---- mail configs ----

export async function listMailConfigRows(sql: Sql, cid: number): Promise<SettingRow<string>[]> {
  const { rows } = await sql.query<SettingRow<string>>(
    `SELECT event_id, level, array_agg(mail ORDER BY created_at, mail) AS values
       FROM notice_mail_config WHERE cid = $1 GROUP BY event_id, level ORDER BY event_id, level`,
    [cid],
  );
  return rows;
}

export async function addMailConfigs(
  sql: Sql,
  cid: number,
  eventIds: readonly number[],
  levels: readonly number[],
  mails: readonly string[],
): Promise<void> {
  const [e, l] = pairs(eventIds, levels);
  await sql.query(
    `INSERT INTO notice_mail_config (cid, event_id, level, mail)
     SELECT $1, p.event_id, p.level, m.mail
       FROM unnest($2::int[], $3::int[]) AS p(event_id, level)
       CROSS JOIN unnest($4::text[]) WITH ORDINALITY AS m(mail, n)
      ORDER BY m.n
     ON CONFLICT DO NOTHING`,
    [cid, e, l, mails.map((m) => m.toLowerCase())],
  );
}

export async function deleteMailConfigs(
  sql: Sql,
  cid: number,
  eventIds: readonly number[],
  levels: readonly number[],
): Promise<number> {
  const { rowCount } = await sql.query(
    `DELETE FROM notice_mail_config WHERE cid = $1 AND event_id = ANY($2::int[]) AND level = ANY($3::int[])`,
    [cid, eventIds, levels],
  );
  return rowCount ?? 0;
}

export async function deleteMailConfigPairs(sql: Sql, cid: number, list: readonly EventLevel[]): Promise<number> {
  const { rowCount } = await sql.query(
    `DELETE FROM notice_mail_config c USING unnest($2::int[], $3::int[]) AS p(event_id, level)
      WHERE c.cid = $1 AND c.event_id = p.event_id AND c.level = p.level`,
    [cid, list.map((p) => p.EventID), list.map((p) => p.Level)],
  );
  return rowCount ?? 0;
}

// ---- notice block settings ----

export async function listBlockSettingRows(
  sql: Sql,
  cid: number,
  filter: { eventIds?: number[] | undefined; levels?: number[] | undefined } = {},
): Promise<SettingRow<{ apiId: number; name: string }>[]> {
  const { rows } = await sql.query<SettingRow<{ apiId: number; name: string }>>(
    `SELECT s.event_id, s.level,
            json_agg(json_build_object('apiId', s.api_id, 'name', COALESCE(b.name, '')) ORDER BY s.created_at, s.api_id)
              AS values
       FROM notice_block_setting s
       LEFT JOIN block_api b ON b.cid = s.cid AND b.api_id = s.api_id
      WHERE s.cid = $1 AND ($2::int[] IS NULL OR s.event_id = ANY($2::int[]))
        AND ($3::int[] IS NULL OR s.level = ANY($3::int[]))
      GROUP BY s.event_id, s.level ORDER BY s.event_id, s.level`,
    [cid, filter.eventIds ?? null, filter.levels ?? null],
  );
  return rows;
}

export async function addBlockSettings(
  sql: Sql,
  cid: number,
  eventIds: readonly number[],
  levels: readonly number[],
  apiIds: readonly number[],
): Promise<void> {
  const [e, l] = pairs(eventIds, levels);
  await sql.query(
    `INSERT INTO notice_block_setting (cid, event_id, level, api_id)
     SELECT $1, p.event_id, p.level, a.api_id
       FROM unnest($2::int[], $3::int[]) AS p(event_id, level)
       CROSS JOIN unnest($4::int[]) WITH ORDINALITY AS a(api_id, n)
      ORDER BY a.n
     ON CONFLICT DO NOTHING`,
    [cid, e, l, apiIds],
  );
}

export async function deleteBlockSettings(
  sql: Sql,
  cid: number,
  eventIds: readonly number[],
  levels: readonly number[],
): Promise<number> {
  const { rowCount } = await sql.query(
    `DELETE FROM notice_block_setting WHERE cid = $1 AND event_id = ANY($2::int[]) AND level = ANY($3::int[])`,
    [cid, eventIds, levels],
  );
  return rowCount ?? 0;
}

export async function deleteBlockSettingPairs(sql: Sql, cid: number, list: readonly EventLevel[]): Promise<number> {
  const { rowCount } = await sql.query(
    `DELETE FROM notice_block_setting s USING unnest($2::int[], $3::int[]) AS p(event_id, level)
      WHERE s.cid = $1 AND s.event_id = p.event_id AND s.level = p.level`,
    [cid, list.map((p) => p.EventID), list.map((p) => p.Level)],
  );
  return rowCount ?? 0;
}

/** The ids among `apiIds` that are block APIs of the company. */
export async function existingApiIds(sql: Sql, cid: number, apiIds: readonly number[]): Promise<Set<number>> {
  const { rows } = await sql.query<{ api_id: number }>(
    'SELECT api_id FROM block_api WHERE cid = $1 AND api_id = ANY($2::int[])',
    [cid, apiIds],
  );
  return new Set(rows.map((r) => r.api_id));
}

// ---- recipients ----

export async function listRecipients(sql: Sql, cid: number): Promise<Recipient[]> {
  const { rows } = await sql.query<Recipient>(
    `SELECT u.name AS "Name", u.mail AS "Mail", u.account AS "Account", cu.role AS "Role"
       FROM company_user cu JOIN app_user u ON u.aid = cu.aid
      WHERE cu.cid = $1 AND u.mail IS NOT NULL AND u.mail <> '' AND cu.role <> 'none'
      ORDER BY lower(u.name), u.aid`,
    [cid],
  );
  return rows;
}

// ---- what the notification targets read and write (in the fan-out's transaction) ----

/** The addresses configured for an event and level, each with its user's language (zh when unknown). */
export async function mailTargets(
  sql: Sql,
  cid: number,
  eventId: number,
  level: number,
): Promise<{ mail: string; language: Language }[]> {
  const { rows } = await sql.query<{ mail: string; language: Language }>(
    `SELECT c.mail, COALESCE(u.language, 'zh') AS language
       FROM notice_mail_config c LEFT JOIN app_user u ON lower(u.mail) = c.mail
      WHERE c.cid = $1 AND c.event_id = $2 AND c.level = $3
      ORDER BY c.created_at, c.mail`,
    [cid, eventId, level],
  );
  return rows;
}

/** The block APIs with IsLock set that an event and level call. */
export async function blockTargets(
  sql: Sql,
  cid: number,
  eventId: number,
  level: number,
): Promise<{ apiId: number; name: string }[]> {
  const { rows } = await sql.query<{ api_id: number; name: string }>(
    `SELECT b.api_id, b.name FROM notice_block_setting s
       JOIN block_api b ON b.cid = s.cid AND b.api_id = s.api_id
      WHERE s.cid = $1 AND s.event_id = $2 AND s.level = $3 AND b.is_lock
      ORDER BY s.created_at, b.api_id`,
    [cid, eventId, level],
  );
  return rows.map((r) => ({ apiId: r.api_id, name: r.name }));
}

export async function companyOf(sql: Sql, cid: number): Promise<{ name: string; timeZone: string }> {
  const { rows } = await sql.query<{ name: string; time_zone: string }>(
    'SELECT name, time_zone FROM company WHERE cid = $1',
    [cid],
  );
  return { name: rows[0]?.name ?? '', timeZone: rows[0]?.time_zone ?? 'UTC' };
}

/** Serialises the storm count of one recipient across concurrent fan-outs (released at commit). */
export async function lockRecipient(sql: Sql, cid: number, recipient: string): Promise<void> {
  await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`notify:${cid}:${recipient}`]);
}

/** Single-alert mails queued to the recipient within the last minute. */
export async function recentMailCount(sql: Sql, cid: number, recipient: string): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notification_delivery
      WHERE cid = $1 AND recipient = $2 AND digest = 0 AND created_at > now() - interval '1 minute'`,
    [cid, recipient],
  );
  return rows[0]?.n ?? 0;
}

export interface NewDelivery {
  cid: number;
  outboxId: number;
  channel: DeliveryChannel;
  target: string;
  recipient?: string | null;
  eventId?: number | null;
  eventName?: string;
  level?: number | null;
  alertKind?: string | null;
  alertId?: number | null;
  alertPath?: string | null;
  digest?: number;
}

export async function insertDelivery(sql: Sql, d: NewDelivery): Promise<void> {
  await sql.query(
    `INSERT INTO notification_delivery
       (cid, outbox_id, channel, target, recipient, event_id, event_name, level, alert_kind, alert_id, alert_path, digest)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      d.cid,
      d.outboxId,
      d.channel,
      d.target,
      d.recipient ?? null,
      d.eventId ?? null,
      d.eventName ?? '',
      d.level ?? null,
      d.alertKind ?? null,
      d.alertId ?? null,
      d.alertPath ?? null,
      d.digest ?? 0,
    ],
  );
}

export async function addDigestEntry(
  sql: Sql,
  entry: { cid: number; recipient: string; bucket: string; noticeKey: string; language: Language; notice: unknown },
): Promise<boolean> {
  const { rowCount } = await sql.query(
    `INSERT INTO notification_digest_entry (cid, recipient, bucket, notice_key, language, notice)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [entry.cid, entry.recipient, entry.bucket, entry.noticeKey, entry.language, JSON.stringify(entry.notice)],
  );
  return (rowCount ?? 0) > 0;
}

export async function digestEntries<N>(
  sql: Sql,
  cid: number,
  recipient: string,
  bucket: string,
): Promise<{ language: Language; notice: N }[]> {
  const { rows } = await sql.query<{ language: Language; notice: N }>(
    `SELECT language, notice FROM notification_digest_entry
      WHERE cid = $1 AND recipient = $2 AND bucket = $3 ORDER BY created_at, notice_key`,
    [cid, recipient, bucket],
  );
  return rows;
}

// ---- the delivery log ----

/** The status the log shows, from the outbox row. */
const STATUS = `CASE
    WHEN o.status = 'sent' THEN 'sent'
    WHEN o.status = 'failed' THEN 'dead'
    WHEN o.status = 'unsent' THEN 'unsent'
    WHEN o.last_error IS NOT NULL THEN 'failed'
    ELSE 'queued' END`;

const SORT_COLUMNS: Record<string, string> = {
  CreateDate: '"CreateDate"',
  Channel: '"Channel"',
  Target: '"Target"',
  Status: '"Status"',
};

export interface DeliveryFilter {
  start?: string | undefined;
  end?: string | undefined;
  channels?: readonly string[] | undefined;
  statuses?: readonly DeliveryStatus[] | undefined;
  sort: { field: string; order: 'Desc' | 'Asc' };
  limit: number;
  offset: number;
}

export async function listDeliveries(
  sql: Sql,
  cid: number,
  filter: DeliveryFilter,
): Promise<{ rows: Delivery[]; total: number }> {
  const inner = `SELECT d.outbox_id AS "ID", d.channel AS "Channel", d.target AS "Target", d.event_id AS "EventID",
            d.event_name AS "EventName", d.level AS "Level", d.alert_kind AS "AlertKind",
            d.alert_id::int AS "AlertID", d.alert_path AS "AlertPath", d.digest AS "Digest",
            ${STATUS} AS "Status",
            CASE WHEN o.status = 'sent' THEN NULL ELSE o.last_error END AS "Reason",
            o.attempts AS "Attempts", d.created_at AS "CreateDate",
            (SELECT max(l.created_at) FROM delivery_log l WHERE l.cid = o.cid AND l.outbox_id = o.id) AS "LastAttemptDate",
            CASE WHEN o.status IN ('pending', 'sending') THEN o.next_attempt_at END AS "NextAttemptDate",
            o.sent_at AS "SentDate"
       FROM notification_delivery d JOIN outbox o ON o.cid = d.cid AND o.id = d.outbox_id
      WHERE d.cid = $1 AND ($2::timestamptz IS NULL OR d.created_at >= $2)
        AND ($3::timestamptz IS NULL OR d.created_at < $3)
        AND ($4::text[] IS NULL OR d.channel = ANY($4::text[]))`;
  const where = `WHERE ($5::text[] IS NULL OR x."Status" = ANY($5::text[]))`;
  const params = [
    cid,
    filter.start ?? null,
    filter.end ?? null,
    filter.channels?.length ? filter.channels : null,
    filter.statuses?.length ? filter.statuses : null,
  ];
  const order = `${SORT_COLUMNS[filter.sort.field] ?? '"CreateDate"'} ${filter.sort.order === 'Asc' ? 'ASC' : 'DESC'}`;
  const { rows } = await sql.query<Delivery & { total: number }>(
    `SELECT x.*, count(*) OVER ()::int AS total FROM (${inner}) x ${where}
      ORDER BY ${order}, x."ID" ${filter.sort.order === 'Asc' ? 'ASC' : 'DESC'} LIMIT $6 OFFSET $7`,
    [...params, filter.limit, filter.offset],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const count = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${inner}) x ${where}`, params);
    total = count.rows[0]?.n ?? 0;
  }
  return { rows: rows.map(({ total: _total, ...row }) => row as Delivery), total };
}

/**
 * Puts a dead or unsent delivery back in the queue (attempts start again); false when the company has no
 * such delivery in one of those states.
 */
export async function requeueDelivery(sql: Sql, cid: number, outboxId: number): Promise<'requeued' | 'state' | 'none'> {
  const { rows } = await sql.query<{ status: string }>(
    `SELECT o.status FROM notification_delivery d JOIN outbox o ON o.cid = d.cid AND o.id = d.outbox_id
      WHERE d.cid = $1 AND d.outbox_id = $2`,
    [cid, outboxId],
  );
  const status = rows[0]?.status;
  if (status === undefined) return 'none';
  if (status !== 'failed' && status !== 'unsent') return 'state';
  await sql.query(
    `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = NULL
      WHERE cid = $1 AND id = $2 AND status IN ('failed', 'unsent')`,
    [cid, outboxId],
  );
  return 'requeued';
}
