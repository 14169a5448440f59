import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany } from '../../testing/users';

const MIGRATION = readFileSync(path.join(MIGRATIONS_DIR, '20261125_0801_player_alert_incidents.sql'), 'utf8');

/** The schema before 0801 (one alert per level, identity on the alert), inside the test's transaction. */
const BEFORE = `
  DROP INDEX player_alert_open;
  DROP TABLE player_alert_raise;
  ALTER TABLE player_alert DROP COLUMN level_history;
  CREATE UNIQUE INDEX player_alert_identity
    ON player_alert (cid, event_id, subject_kind, subject_id, raising_event_id, level);`;

describeEachDatabase('migration 0801: one incident, one alert', (t) => {
  it('folds the pending alerts of one rule and subject into the highest, and keeps processed ones', async () => {
    const cid = await addCompany(t, 'Fold Co');
    const rollback = new Error('rollback');
    const seen = await t.db
      .tx(async (sql) => {
        await sql.query(BEFORE);
        const insert = (member: string, level: number, end: string, status = 0, rule = 1) =>
          sql.query(
            `INSERT INTO player_alert (cid, event_id, event_name, event_type, level, subject_kind, subject_id, member_id,
                                       value, threshold, op, sample, min_sample, window_start, window_end,
                                       raising_event_id, event_ids, event_count, status)
             VALUES ($1, $6, 'High ratio', 1, $3::smallint, 'member', $2::text, $2::text, $3::int * 10, 1, '>', 5, 5,
                     $4::timestamptz - interval '1 day', $4::timestamptz, $2::text || '-' || $3::text || '-' || $4::text,
                     '{}', 1, $5::smallint)`,
            [cid, member, level, end, status, rule],
          );
        // CoolHunter's streak: three pending alerts, levels 1, 2 and 3.
        await insert('cool', 1, '2026-11-24T21:00:00Z');
        await insert('cool', 2, '2026-11-24T21:20:00Z');
        await insert('cool', 3, '2026-11-24T21:43:00Z');
        // Another member: a processed alert and a pending one stay apart.
        await insert('calm', 1, '2026-11-20T10:00:00Z', 1);
        await insert('calm', 2, '2026-11-22T10:00:00Z');
        // Another rule of the same member is another incident.
        await insert('cool', 1, '2026-11-24T22:00:00Z', 0, 2);
        await sql.query(MIGRATION);
        const alerts = await sql.query<{
          subject_id: string;
          event_id: number;
          level: number;
          status: number;
          levels: number[];
        }>(
          `SELECT subject_id, event_id, level, status,
                  ARRAY(SELECT (h->>'Level')::int FROM jsonb_array_elements(level_history) h) AS levels
             FROM player_alert WHERE cid = $1 ORDER BY subject_id, event_id, window_end`,
          [cid],
        );
        const raises = await sql.query<{ n: number; alerts: number }>(
          `SELECT count(*)::int AS n, count(DISTINCT alert_id)::int AS alerts FROM player_alert_raise WHERE cid = $1`,
          [cid],
        );
        throw Object.assign(rollback, { seen: { alerts: alerts.rows, raises: raises.rows[0] } });
      })
      .catch((error: Error & { seen?: unknown }) => {
        if (error !== rollback) throw error;
        return error.seen;
      });
    expect(seen).toEqual({
      alerts: [
        { subject_id: 'calm', event_id: 1, level: 1, status: 1, levels: [1] },
        { subject_id: 'calm', event_id: 1, level: 2, status: 0, levels: [2] },
        { subject_id: 'cool', event_id: 1, level: 3, status: 0, levels: [1, 2, 3] },
        { subject_id: 'cool', event_id: 2, level: 1, status: 0, levels: [1] },
      ],
      raises: { n: 6, alerts: 4 },
    });
  });
});
