import type { Sql } from '../../db/database';

/**
 * The next EventID of a company: one counter for every kind of rule (player, game RTP, opposing bets), so
 * an EventID names one rule of the company whatever its kind, and is never given twice (deleted rules keep
 * theirs). The row lock it takes serialises rule creation within the company until the caller commits.
 */
export async function nextEventId(sql: Sql, cid: number): Promise<number> {
  const { rows } = await sql.query<{ last_event_id: number }>(
    `INSERT INTO alert_event_seq AS s (cid, last_event_id) VALUES ($1, 1)
     ON CONFLICT (cid) DO UPDATE SET last_event_id = s.last_event_id + 1
     RETURNING last_event_id`,
    [cid],
  );
  return (rows[0] as { last_event_id: number }).last_event_id;
}

/** Marks EventIDs up to `eventId` as given (rules written with fixed ids: a new company's defaults). */
export async function reserveEventIds(sql: Sql, cid: number, eventId: number): Promise<void> {
  await sql.query(
    `INSERT INTO alert_event_seq AS s (cid, last_event_id) VALUES ($1, $2)
     ON CONFLICT (cid) DO UPDATE SET last_event_id = GREATEST(s.last_event_id, EXCLUDED.last_event_id)`,
    [cid, eventId],
  );
}
