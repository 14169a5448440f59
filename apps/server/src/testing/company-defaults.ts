import { DEFAULT_GAME_RTP_RULES, DEFAULT_LAUNDERING_SETTING, DEFAULT_RULES } from '@pitboss/engine';
import type { Sql } from '../db/sql';
import { insertDefaultRules } from '../modules/alert-rules/alert-rules.repository';
import { nextEventId, reserveEventIds } from '../modules/alerting/alerting.repository';
import { findCompany } from '../modules/companies/companies.repository';
import { insertRule } from '../modules/game-rtp/game-rtp-rules.repository';
import { insertSetting } from '../modules/laundering/laundering-settings.repository';

/**
 * For fixtures that insert companies with SQL, outside a server (the browser tests' seed): writes what
 * the app's company defaults write for a new company (the alert-rules module's default rules, then the
 * game-rtp module's, then the laundering module's for platforms and aggregators), so such a company looks like one the companies service created. Keep it in step with the `addDefaults`
 * registrations (`grep -rn addDefaults apps/server/src/modules`).
 */
export async function writeCompanyDefaults(sql: Sql, cid: number): Promise<void> {
  await insertDefaultRules(sql, cid, DEFAULT_RULES);
  await reserveEventIds(sql, cid, Math.max(...DEFAULT_RULES.map((rule) => rule.EventID)));
  for (const rule of DEFAULT_GAME_RTP_RULES) await insertRule(sql, cid, await nextEventId(sql, cid), rule, 'system');
  const company = await findCompany(sql, cid);
  if (company && company.operator_type !== 2) {
    await insertSetting(sql, cid, await nextEventId(sql, cid), DEFAULT_LAUNDERING_SETTING, 'system');
  }
}
