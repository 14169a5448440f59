import type { Sql } from '../../db/database';
import { textArray } from '../../db/pg-array';
import type { StoredBatch, StoredRegistration } from './stored-batch';

/**
 * `last_seen_at` moves only when a batch is this much later: an active member is otherwise rewritten by
 * every batch (with all of `member`'s indexes). Last seen is therefore accurate to five minutes.
 */
const LAST_SEEN_STEP = '5 minutes';

const byKey = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Creates the members a batch mentions for the first time and widens first/last seen of the others
 * (rows that would not change are left alone; `last_seen_at` in steps of LAST_SEEN_STEP). A registration fills the member's profile: the latest
 * registration by time wins, fields it leaves out keep their value.
 */
export async function upsertMembers(sql: Sql, cid: number, batch: StoredBatch): Promise<void> {
  const seen = new Map<string, { first: number; last: number }>();
  for (const event of batch.events) {
    const span = seen.get(event.memberId);
    if (!span) seen.set(event.memberId, { first: event.atMs, last: event.atMs });
    else {
      if (event.atMs < span.first) span.first = event.atMs;
      if (event.atMs > span.last) span.last = event.atMs;
    }
  }
  const members = byKey(seen);
  await sql.query(
    `INSERT INTO member AS m (cid, member_id, first_seen_at, last_seen_at)
     SELECT $1, * FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[])
     ON CONFLICT (cid, member_id) DO UPDATE
        SET first_seen_at = LEAST(m.first_seen_at, EXCLUDED.first_seen_at),
            last_seen_at = GREATEST(m.last_seen_at, EXCLUDED.last_seen_at)
      WHERE m.first_seen_at > EXCLUDED.first_seen_at OR m.last_seen_at < EXCLUDED.last_seen_at - interval '${LAST_SEEN_STEP}'`,
    [
      cid,
      textArray(members.map(([id]) => id)),
      textArray(members.map(([, s]) => new Date(s.first).toISOString())),
      textArray(members.map(([, s]) => new Date(s.last).toISOString())),
    ],
  );
  if (batch.registrations.length > 0) await applyRegistrations(sql, cid, batch.registrations);
}

async function applyRegistrations(sql: Sql, cid: number, registrations: StoredRegistration[]): Promise<void> {
  const latest = new Map<string, StoredRegistration>();
  for (const r of registrations) {
    const current = latest.get(r.memberId);
    if (!current || r.atMs > current.atMs || (r.atMs === current.atMs && r.id > current.id)) latest.set(r.memberId, r);
  }
  const rows = byKey(latest).map(([, r]) => r);
  await sql.query(
    `UPDATE member m
        SET nick_name = COALESCE(u.nick_name, m.nick_name),
            account = COALESCE(u.account, m.account),
            mobile = COALESCE(u.mobile, m.mobile),
            vip_level = COALESCE(u.vip_level, m.vip_level),
            register_ip = u.ip,
            register_device = u.device,
            registered_at = u.at
       FROM unnest($2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[])
            AS u(member_id, at, ip, device, nick_name, account, mobile, vip_level)
      WHERE m.cid = $1 AND m.member_id = u.member_id AND (m.registered_at IS NULL OR m.registered_at <= u.at)`,
    [
      cid,
      rows.map((r) => r.memberId),
      rows.map((r) => r.at),
      rows.map((r) => r.ip),
      rows.map((r) => r.device ?? null),
      rows.map((r) => r.nickName ?? null),
      rows.map((r) => r.account ?? null),
      rows.map((r) => r.mobile ?? null),
      rows.map((r) => r.vipLevel ?? null),
    ],
  );
}
