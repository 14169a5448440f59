import {
  type Ack,
  ALERT_QUERY_KEYS,
  type AlertRuleBody,
  type AlertRuleRecord,
  type ListEnvelope,
  toListEnvelope,
} from '@pitboss/contract';
import type { Database, Sql } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { notFound } from '../../lib/errors';
import { TxHooks } from '../../lib/tx-hooks';
import type { Live } from '../../plugins/live';
import type { AlertingService } from '../alerting/alerting.service';
import * as repo from './alert-rules.repository';

/**
 * Player alert settings: the company's rules. Every change runs the `changed` hooks (with the cid) in
 * its transaction: the detectors raise the company's rules version there, so every server process
 * hands the new rules to its engine before its next batch.
 */
export class AlertRulesService {
  /** Extension point: runs in the transaction of every rule change, with the company's id. */
  readonly changed = new TxHooks<number>();

  constructor(
    private readonly db: Database,
    private readonly live: Live,
    private readonly alerting: Pick<AlertingService, 'nextEventId'>,
  ) {}

  async list(auth: AuthContext): Promise<ListEnvelope<AlertRuleRecord>> {
    return toListEnvelope(await repo.listRules(this.db, auth.cid));
  }

  async create(auth: AuthContext, body: AlertRuleBody): Promise<{ status: number; data: AlertRuleRecord }> {
    const data = await this.change(auth.cid, async (sql) =>
      repo.insertRule(sql, auth.cid, await this.alerting.nextEventId(sql, auth.cid), body, auth.account),
    );
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
    const result = await this.db.tx(async (sql) => {
      await repo.lockRules(sql, cid);
      const changed = await work(sql);
      if (changed) await this.changed.run(sql, cid);
      return changed;
    });
    if (result) this.live.publish(cid, { type: 'invalidate', keys: [ALERT_QUERY_KEYS.rules], cid });
    return result;
  }
}
