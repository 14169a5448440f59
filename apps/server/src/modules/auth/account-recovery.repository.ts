import type { Sql } from '../../db/database';

/** Sets the password and ends every session of the user (session version); an invited user becomes active. */
export async function setPasswordAndEndSessions(sql: Sql, aid: number, passwordHash: string): Promise<void> {
  await sql.query(
    `UPDATE app_user
        SET password_hash = $2, session_version = session_version + 1,
            status = CASE WHEN status = 2 THEN 1 ELSE status END, updated_at = now()
      WHERE aid = $1`,
    [aid, passwordHash],
  );
}
