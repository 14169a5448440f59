import {
  type Ack,
  ALERT_QUERY_KEYS,
  type AlertRuleBody,
  type AlertRuleRecord,
  type ListEnvelope,
  toListEnvelope,
} from '@pitboss/contract';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { notFound } from '../../lib/errors';
import type { AuthContext } from '../auth/auth-context';
import { markRulesChanged } from '../detectors/detector-state.repository';
import * as repo from './alert-rules.repository';

/**
 * Player alert settings: the company's rules. Every change raises the company's rules version in the
 * same transaction, so every server process hands the new rules to its engine before its next batch.
 */
export class AlertRulesService {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'hub'>) {}

  async list(auth: AuthContext): Promise<ListEnvelope<AlertRuleRecord>> {
    return toListEnvelope(await repo.listRules(this.ctx.db, auth.cid));
  }

  async create(auth: AuthContext, body: AlertRuleBody): Promise<{ status: number; data: AlertRuleRecord }> {
    const data = await this.change(auth.cid, (sql) => repo.insertRule(sql, auth.cid, body, auth.account));
    return { status: 0, data };
  }

  async update(auth: AuthContext, eventId: number, body: AlertRuleBody) {
    const data = await this.change(auth.cid, (sql) => repo.updateRule(sql, auth.cid, eventId, body, auth.account));
    if (!data) throw notFound(`Alert rule ${eventId}`);
    return { status: 0, data };
  }

  async setEnabled(auth: AuthContext, eventId: number, enabled: boolean) {
    const data = await this.change(auth.cid, (sql) =>
      repo.setRuleEnabled(sql, auth.cid, eventId, enabled, auth.account),
    );
    if (!data) throw notFound(`Alert rule ${eventId}`);
    return { status: 0, data };
  }

  async remove(auth: AuthContext, eventId: number): Promise<Ack> {
    const deleted = await this.change(auth.cid, (sql) => repo.deleteRule(sql, auth.cid, eventId, auth.account));
    if (!deleted) throw notFound(`Alert rule ${eventId}`);
    return { status: 0, message: `Alert rule ${eventId} deleted; the alerts it raised are kept` };
  }

  /** Runs a rule change under the company's rules lock; a change that found nothing changes nothing. */
  private async change<T>(cid: number, work: (sql: Sql) => Promise<T>): Promise<T> {
    const result = await this.ctx.db.tx(async (sql) => {
      await repo.lockRules(sql, cid);
      const changed = await work(sql);
      if (changed) await markRulesChanged(sql, cid);
      return changed;
    });
    if (result) this.ctx.hub.publish(cid, { type: 'invalidate', keys: [ALERT_QUERY_KEYS.rules], cid });
    return result;
  }
}
