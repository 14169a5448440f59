import { DEFAULT_RULES } from '@pitboss/engine';
import type { Sql } from '../db/sql';
import { insertDefaultRules } from '../modules/alert-rules/alert-rules.repository';
import { reserveEventIds } from '../modules/alerting/alerting.repository';

/**
 * For fixtures that insert companies with SQL, outside a server (the browser tests' seed): writes what
 * the app's company defaults write for a new company (today the alert-rules module's default rules), so
 * such a company looks like one the companies service created. Keep it in step with the `addDefaults`
 * registrations (`grep -rn addDefaults apps/server/src/modules`).
 */
export async function writeCompanyDefaults(sql: Sql, cid: number): Promise<void> {
  await insertDefaultRules(sql, cid, DEFAULT_RULES);
  await reserveEventIds(sql, cid, Math.max(...DEFAULT_RULES.map((rule) => rule.EventID)));
}
