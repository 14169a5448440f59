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

export interface MailConfigRow {
  event_id: number;
  level: Level;
  mails: string[];
  mobiles: string[];
}

/** Addresses and mobile numbers per event and level (a pair with either shows). */
export async function listMailConfigRows(sql: Sql, cid: number): Promise<MailConfigRow[]> {
  const { rows } = await sql.query<MailConfigRow>(
    `SELECT event_id, level,
            COALESCE(array_agg(value ORDER BY created_at, value) FILTER (WHERE kind = 'mail'), '{}') AS mails,
            COALESCE(array_agg(value ORDER BY created_at, value) FILTER (WHERE kind = 'sms'), '{}') AS mobiles
       FROM (SELECT event_id, level, mail AS value, 'mail' AS kind, created_at FROM notice_mail_config WHERE cid = $1
             UNION ALL
             SELECT event_id, level, mobile, 'sms', created_at FROM notice_sms_config WHERE cid = $1) x
      GROUP BY event_id, level ORDER BY event_id, level`,
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
  mobiles: readonly string[] = [],
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
  if (mobiles.length === 0) return;
  await sql.query(
    `INSERT INTO notice_sms_config (cid, event_id, level, mobile)
     SELECT $1, p.event_id, p.level, m.mobile
       FROM unnest($2::int[], $3::int[]) AS p(event_id, level)
       CROSS JOIN unnest($4::text[]) WITH ORDINALITY AS m(mobile, n)
      ORDER BY m.n
     ON CONFLICT DO NOTHING`,
    [cid, e, l, mobiles],
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
  const sms = await sql.query(
    `DELETE FROM notice_sms_config WHERE cid = $1 AND event_id = ANY($2::int[]) AND level = ANY($3::int[])`,
    [cid, eventIds, levels],
  );
  return (rowCount ?? 0) + (sms.rowCount ?? 0);
}

export async function deleteMailConfigPairs(sql: Sql, cid: number, list: readonly EventLevel[]): Promise<number> {
  const params = [cid, list.map((p) => p.EventID), list.map((p) => p.Level)];
  const { rowCount } = await sql.query(
    `DELETE FROM notice_mail_config c USING unnest($2::int[], $3::int[]) AS p(event_id, level)
      WHERE c.cid = $1 AND c.event_id = p.event_id AND c.level = p.level`,
    params,
  );
  const sms = await sql.query(
    `DELETE FROM notice_sms_config c USING unnest($2::int[], $3::int[]) AS p(event_id, level)
      WHERE c.cid = $1 AND c.event_id = p.event_id AND c.level = p.level`,
    params,
  );
  return (rowCount ?? 0) + (sms.rowCount ?? 0);
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

/** The mobile numbers configured for an event and level, each with its user's language (zh when unknown). */
export async function smsTargets(
  sql: Sql,
  cid: number,
  eventId: number,
  level: number,
): Promise<{ mobile: string; language: Language }[]> {
  const { rows } = await sql.query<{ mobile: string; language: Language }>(
    `SELECT c.mobile,
            COALESCE((SELECT u.language FROM app_user u WHERE u.mobile = c.mobile ORDER BY u.aid LIMIT 1), 'zh')
              AS language
       FROM notice_sms_config c
      WHERE c.cid = $1 AND c.event_id = $2 AND c.level = $3
      ORDER BY c.created_at, c.mobile`,
    [cid, eventId, level],
  );
  return rows;
}

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

// ---- the same for a batch of notices (the fan-out's batch lane): one statement per target, not per notice ----

/** An event and level of a batch's notices; `pairKey` names it in the maps below. */
export interface NoticePair {
  eventId: number;
  level: number;
}

export const pairKey = (p: NoticePair): string => `${p.eventId}:${p.level}`;

function distinctPairs(list: readonly NoticePair[]): [number[], number[]] {
  const seen = new Map(list.map((p) => [pairKey(p), p]));
  return [[...seen.values()].map((p) => p.eventId), [...seen.values()].map((p) => p.level)];
}

function groupByPair<R extends { event_id: number; level: number }>(rows: R[]): Map<string, R[]> {
  const map = new Map<string, R[]>();
  for (const row of rows) {
    const key = pairKey({ eventId: row.event_id, level: row.level });
    map.set(key, [...(map.get(key) ?? []), row]);
  }
  return map;
}

/** `mailTargets` of each pair (same rows, same order), by `pairKey`. */
export async function mailTargetsFor(
  sql: Sql,
  cid: number,
  list: readonly NoticePair[],
): Promise<Map<string, { event_id: number; level: number; mail: string; language: Language }[]>> {
  const [e, l] = distinctPairs(list);
  const { rows } = await sql.query<{ event_id: number; level: number; mail: string; language: Language }>(
    `SELECT c.event_id, c.level::int AS level, c.mail, COALESCE(u.language, 'zh') AS language
       FROM notice_mail_config c
       JOIN unnest($2::int[], $3::int[]) AS p(event_id, level) ON p.event_id = c.event_id AND p.level = c.level
       LEFT JOIN app_user u ON lower(u.mail) = c.mail
      WHERE c.cid = $1
      ORDER BY c.event_id, c.level, c.created_at, c.mail`,
    [cid, e, l],
  );
  return groupByPair(rows);
}

/** `smsTargets` of each pair, by `pairKey`. */
export async function smsTargetsFor(
  sql: Sql,
  cid: number,
  list: readonly NoticePair[],
): Promise<Map<string, { event_id: number; level: number; mobile: string; language: Language }[]>> {
  const [e, l] = distinctPairs(list);
  const { rows } = await sql.query<{ event_id: number; level: number; mobile: string; language: Language }>(
    `SELECT c.event_id, c.level::int AS level, c.mobile,
            COALESCE((SELECT u.language FROM app_user u WHERE u.mobile = c.mobile ORDER BY u.aid LIMIT 1), 'zh')
              AS language
       FROM notice_sms_config c
       JOIN unnest($2::int[], $3::int[]) AS p(event_id, level) ON p.event_id = c.event_id AND p.level = c.level
      WHERE c.cid = $1
      ORDER BY c.event_id, c.level, c.created_at, c.mobile`,
    [cid, e, l],
  );
  return groupByPair(rows);
}

/** `blockTargets` of each pair, by `pairKey`. */
export async function blockTargetsFor(
  sql: Sql,
  cid: number,
  list: readonly NoticePair[],
): Promise<Map<string, { event_id: number; level: number; apiId: number; name: string }[]>> {
  const [e, l] = distinctPairs(list);
  const { rows } = await sql.query<{ event_id: number; level: number; apiId: number; name: string }>(
    `SELECT s.event_id, s.level::int AS level, b.api_id AS "apiId", b.name FROM notice_block_setting s
       JOIN unnest($2::int[], $3::int[]) AS p(event_id, level) ON p.event_id = s.event_id AND p.level = s.level
       JOIN block_api b ON b.cid = s.cid AND b.api_id = s.api_id
      WHERE s.cid = $1 AND b.is_lock
      ORDER BY s.event_id, s.level, s.created_at, b.api_id`,
    [cid, e, l],
  );
  return groupByPair(rows);
}

/** Single-alert mails queued to each recipient within the last minute (`recentMailCount` of each). */
export async function recentMailCounts(
  sql: Sql,
  cid: number,
  recipients: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await sql.query<{ recipient: string; n: number }>(
    `SELECT recipient, count(*)::int AS n FROM notification_delivery
      WHERE cid = $1 AND recipient = ANY($2::text[]) AND digest = 0 AND created_at > now() - interval '1 minute'
      GROUP BY recipient`,
    [cid, recipients],
  );
  return new Map(rows.map((r) => [r.recipient, r.n]));
}

/** The keys among `keys` already queued on `channel` (a fan-out repeated after a crash). */
export async function queuedKeys(
  sql: Sql,
  cid: number,
  channel: string,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await sql.query<{ dedupe_key: string }>(
    'SELECT dedupe_key FROM outbox WHERE cid = $1 AND channel = $2 AND dedupe_key = ANY($3::text[])',
    [cid, channel, keys],
  );
  return new Set(rows.map((r) => r.dedupe_key));
}

/** `insertDelivery` of many rows in one statement. */
export async function insertDeliveries(sql: Sql, list: readonly NewDelivery[]): Promise<void> {
  if (list.length === 0) return;
  await sql.query(
    `INSERT INTO notification_delivery
       (cid, outbox_id, channel, target, recipient, event_id, event_name, level, alert_kind, alert_id, alert_path, digest)
     SELECT * FROM unnest($1::int[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[],
                          $8::smallint[], $9::text[], $10::bigint[], $11::text[], $12::int[])`,
    [
      list.map((d) => d.cid),
      list.map((d) => d.outboxId),
      list.map((d) => d.channel),
      list.map((d) => d.target),
      list.map((d) => d.recipient ?? null),
      list.map((d) => d.eventId ?? null),
      list.map((d) => d.eventName ?? ''),
      list.map((d) => d.level ?? null),
      list.map((d) => d.alertKind ?? null),
      list.map((d) => d.alertId ?? null),
      list.map((d) => d.alertPath ?? null),
      list.map((d) => d.digest ?? 0),
    ],
  );
}

/** `addDigestEntry` of many entries; answers the `recipient`/`noticeKey` pairs actually added. */
export async function addDigestEntries(
  sql: Sql,
  entries: readonly {
    cid: number;
    recipient: string;
    bucket: string;
    noticeKey: string;
    language: Language;
    notice: unknown;
  }[],
): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const { rows } = await sql.query<{ recipient: string; notice_key: string }>(
    `INSERT INTO notification_digest_entry (cid, recipient, bucket, notice_key, language, notice)
     SELECT * FROM unnest($1::int[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::jsonb[])
     ON CONFLICT DO NOTHING
     RETURNING recipient, notice_key`,
    [
      entries.map((x) => x.cid),
      entries.map((x) => x.recipient),
      entries.map((x) => x.bucket),
      entries.map((x) => x.noticeKey),
      entries.map((x) => x.language),
      entries.map((x) => JSON.stringify(x.notice)),
    ],
  );
  return new Set(rows.map((r) => `${r.recipient}\u0000${r.notice_key}`));
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
