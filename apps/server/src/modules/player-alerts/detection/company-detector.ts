import type { AlertRule } from '@pitboss/contract';
import { type Alert, Engine, type EngineOptions } from '@pitboss/engine';
import type { Sql } from '../../../db/database';
import { type ActiveRule, loadRules } from '../../alert-rules/alert-rules.repository';
import { loadExemptions } from '../../whitelist/exemptions';
import type { NewAlert } from '../player-alerts.repository';
import type { DetectorState } from './detector-state.repository';

/**
 * One company's engine in this process, with what it was built from: the rules (names for the alerts
 * and when each took effect), the rules and whitelist versions it has loaded, and the batch token it
 * wrote last (a different token in the database means its state is not the database's).
 */
export class CompanyDetector {
  readonly engine: Engine;
  private rules = new Map<number, ActiveRule>();
  rulesVersion: number;
  exemptionsVersion: number;
  /** The batch token this process wrote last for the company (null: none yet). */
  token: string | null = null;
  lastExpiry = 0;

  private constructor(engine: Engine, rules: ActiveRule[], state: DetectorState) {
    this.engine = engine;
    this.setRules(rules);
    this.rulesVersion = state.rulesVersion;
    this.exemptionsVersion = state.exemptionsVersion;
  }

  /** A fresh engine with the company's current rules and whitelists (read in `sql`). */
  static async create(sql: Sql, cid: number, state: DetectorState, options: EngineOptions): Promise<CompanyDetector> {
    const [rules, exemptions] = await Promise.all([loadRules(sql, cid), loadExemptions(sql, cid)]);
    const engine = new Engine({ rules: rules.map((r) => r.rule), exemptions, options });
    return new CompanyDetector(engine, rules, state);
  }

  /** Reloads rules or whitelists that changed since this engine loaded them (versions in `state`). */
  async refresh(sql: Sql, cid: number, state: DetectorState): Promise<void> {
    if (state.rulesVersion !== this.rulesVersion) {
      const rules = await loadRules(sql, cid);
      this.engine.setRules(rules.map((r) => r.rule));
      this.setRules(rules);
      this.rulesVersion = state.rulesVersion;
    }
    if (state.exemptionsVersion !== this.exemptionsVersion) {
      this.engine.setExemptions(await loadExemptions(sql, cid));
      this.exemptionsVersion = state.exemptionsVersion;
    }
  }

  get enabledRules(): AlertRule[] {
    return [...this.rules.values()].filter((r) => r.rule.Enabled).map((r) => r.rule);
  }

  rule(ruleId: number): ActiveRule | undefined {
    return this.rules.get(ruleId);
  }

  /** The engine's alert with the name its rule has now. */
  named(alert: Alert): NewAlert {
    return { ...alert, eventName: this.rules.get(alert.ruleId)?.rule.EventName ?? '' };
  }

  private setRules(rules: ActiveRule[]): void {
    this.rules = new Map(rules.map((r) => [r.rule.EventID, r]));
  }
}
