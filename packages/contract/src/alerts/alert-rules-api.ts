import { z } from 'zod';
import { AlertRuleFields, withWindowCheck } from '../alert-rules/alert-rules';
import { Ack } from '../common/ack';
import { defineEndpoint } from '../common/endpoint';
import { listEnvelope } from '../common/envelope';

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

export const listAlertRules = defineEndpoint({
  method: 'GET',
  path: '/api/v2/monitor/alert-settings',
  summary: "The company's player alert rules",
  tag: 'alert-settings',
  access: 'read',
  response: listEnvelope(AlertRuleRecord),
});

export const createAlertRule = defineEndpoint({
  method: 'POST',
  path: '/api/v2/monitor/alert-settings',
  summary: 'Add a player alert rule',
  tag: 'alert-settings',
  access: 'write',
  body: AlertRuleBody,
  response: z.object({ status: z.number(), data: AlertRuleRecord }),
});

export const updateAlertRule = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/monitor/alert-settings/:EventID',
  summary: 'Replace a rule (name, type, window, levels, enabled); applies to events from now on',
  tag: 'alert-settings',
  access: 'write',
  params: EventIdParams,
  body: AlertRuleBody,
  response: z.object({ status: z.number(), data: AlertRuleRecord }),
});

export const setAlertRuleEnabled = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/monitor/alert-settings/:EventID/enabled',
  summary: 'Turn a rule on or off',
  tag: 'alert-settings',
  access: 'write',
  params: EventIdParams,
  body: z.object({ Enabled: z.boolean() }),
  response: z.object({ status: z.number(), data: AlertRuleRecord }),
});

export const deleteAlertRule = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/monitor/alert-settings/:EventID',
  summary: 'Delete a rule; the alerts it raised are kept',
  tag: 'alert-settings',
  access: 'write',
  params: EventIdParams,
  response: Ack,
});
