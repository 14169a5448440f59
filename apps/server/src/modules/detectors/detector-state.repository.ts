import type { Sql } from '../../db/database';

/** The company's detector row (`player_alert_detector`) as it was before this batch. */
export interface DetectorState {
  batchToken: string | null;
  /** Newest event time ingested before this batch, epoch ms; null when none was recorded. */
  newestMs: number | null;
  rulesVersion: number;
  exemptionsVersion: number;
}

/**
 * Claims the company's detector row for an ingest batch, under the company's ingest lock: writes the
 * batch's fresh token and newest event time, and answers the row as it was before. A process whose
 * engine did not write the token it finds must rebuild the engine (another process ingested, or its
 * own last batch rolled back).
 */
export async function claimBatch(sql: Sql, cid: number, token: string, newestMs: number): Promise<DetectorState> {
  const newest = new Date(newestMs).toISOString();
  const { rows } = await sql.query<{
    batch_token: string | null;
    newest_ms: number | null;
    rules_version: number;
    exemptions_version: number;
  }>(
    `WITH old AS (SELECT batch_token, newest_at, rules_version, exemptions_version
                    FROM player_alert_detector WHERE cid = $1)
     UPDATE player_alert_detector d
        SET batch_token = $2, newest_at = GREATEST(d.newest_at, $3::timestamptz), updated_at = now()
       FROM old
      WHERE d.cid = $1
     RETURNING old.batch_token, floor(extract(epoch FROM old.newest_at) * 1000)::float8 AS newest_ms,
               old.rules_version, old.exemptions_version`,
    [cid, token, newest],
  );
  const row = rows[0];
  if (row) {
    return {
      batchToken: row.batch_token,
      newestMs: row.newest_ms,
      rulesVersion: row.rules_version,
      exemptionsVersion: row.exemptions_version,
    };
  }
  await sql.query(
    `INSERT INTO player_alert_detector (cid, batch_token, newest_at) VALUES ($1, $2, $3)
     ON CONFLICT (cid) DO UPDATE SET batch_token = EXCLUDED.batch_token,
       newest_at = GREATEST(player_alert_detector.newest_at, EXCLUDED.newest_at), updated_at = now()`,
    [cid, token, newest],
  );
  return { batchToken: null, newestMs: null, rulesVersion: 0, exemptionsVersion: 0 };
}

/** Rules of the company changed (in the caller's transaction): every process reloads them before its next batch. */
export async function markRulesChanged(sql: Sql, cid: number): Promise<void> {
  await sql.query(
    `INSERT INTO player_alert_detector AS d (cid, rules_version) VALUES ($1, 1)
     ON CONFLICT (cid) DO UPDATE SET rules_version = d.rules_version + 1, updated_at = now()`,
    [cid],
  );
}

/** The whitelists of the company changed (in the caller's transaction): every process reloads them before its next batch. */
export async function markExemptionsChanged(sql: Sql, cid: number): Promise<void> {
  await sql.query(
    `INSERT INTO player_alert_detector AS d (cid, exemptions_version) VALUES ($1, 1)
     ON CONFLICT (cid) DO UPDATE SET exemptions_version = d.exemptions_version + 1, updated_at = now()`,
    [cid],
  );
}
