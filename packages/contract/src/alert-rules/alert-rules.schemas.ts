import { z } from 'zod';
import { Ack } from '../common/ack.schemas';
import { AlertType, ComparisonOperator, Level, TimeUnit } from '../common/enums.schemas';
import { listEnvelope } from '../common/envelope.schemas';
import { LOOP_VALUE_MAX } from './alert-rules';

/**
 * A player alert rule: the spec's event definition (`EventID`, `EventName`, `EventType`, `TimeUnit`,
 * `LoopValue`) plus whether it runs and its levels (DESIGN §5). The engine evaluates it over a sliding
 * window of `LoopValue × TimeUnit`; the server API and the console form reuse this schema.
 */

export const AlertRuleLevel = z.object({
  Level: Level.describe('1 (lowest) to 3 (highest); the highest level whose condition holds is raised'),
  Op: ComparisonOperator.describe('`any` holds for every measured value; otherwise value Op Value'),
  Value: z.number().finite().describe('Threshold compared with the measured value (ignored for `any`)'),
  MinSample: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .describe('Events the window must hold (bets, logins, top-ups, …) before this level can hold'),
});
export type AlertRuleLevel = z.infer<typeof AlertRuleLevel>;

/** The rule's fields without the cross-field window check, for `.omit`, `.partial` and `.extend`. */
export const AlertRuleFields = z.object({
  EventID: z.number().int().positive().describe('Rule id, unique within the company'),
  EventName: z.string().trim().min(1).max(128),
  EventType: AlertType.describe(
    'Alert type: 1 high ratio, 2 high win streak, 3 IP login, 4 register login, 5 store, 6 trade, 7 event',
  ),
  TimeUnit: TimeUnit,
  LoopValue: z.number().int().min(1).describe('Window length in TimeUnits'),
  Enabled: z.boolean(),
  Levels: z
    .array(AlertRuleLevel)
    .min(1, 'must hold at least one level')
    .max(3)
    .refine((levels) => new Set(levels.map((l) => l.Level)).size === levels.length, 'each level at most once'),
});

/** Adds the window check (at most one year) to a schema holding TimeUnit and LoopValue, e.g. a derived body. */
export function withWindowCheck<T extends z.ZodType<{ TimeUnit: TimeUnit; LoopValue: number }>>(schema: T) {
  return schema.refine((rule) => rule.LoopValue <= LOOP_VALUE_MAX[rule.TimeUnit], {
    path: ['LoopValue'],
    message: 'the window must be at most one year (or 1000 minutes or hours)',
  });
}

export const AlertRule = withWindowCheck(AlertRuleFields);
export type AlertRule = z.infer<typeof AlertRule>;

/**
 * Player alert settings (`/monitor/alert-setting`): the company's rules — the spec's event
 * definitions with their levels. Everyone who can open the console reads them; editors and admins edit.
 */

export const AlertRuleRecord = AlertRuleFields.extend({
  TypeName: z.string().describe('Name of the alert type'),
  CreateDate: z.string(),
  UpdateDate: z.string(),
  UpdatedBy: z.string().describe('Account that last changed the rule'),
});
export type AlertRuleRecord = z.infer<typeof AlertRuleRecord>;

export const AlertRuleBody = withWindowCheck(AlertRuleFields.omit({ EventID: true }));
export type AlertRuleBody = z.infer<typeof AlertRuleBody>;

export const EventIdParams = z.object({
  EventID: z.coerce.number().int().positive().describe('Rule id'),
});

/** The schemas of the endpoints of `alert-rules.api.ts`. */
export const alertRulesIo = {
  listAlertRules: { response: listEnvelope(AlertRuleRecord) },
  createAlertRule: { body: AlertRuleBody, response: z.object({ status: z.number(), data: AlertRuleRecord }) },
  updateAlertRule: {
    params: EventIdParams,
    body: AlertRuleBody,
    response: z.object({ status: z.number(), data: AlertRuleRecord }),
  },
  setAlertRuleEnabled: {
    params: EventIdParams,
    body: z.object({ Enabled: z.boolean() }),
    response: z.object({ status: z.number(), data: AlertRuleRecord }),
  },
  deleteAlertRule: { params: EventIdParams, response: Ack },
};
