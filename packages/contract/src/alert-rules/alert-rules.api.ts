import { endpoint } from '../common/endpoint';

/**
 * Player alert settings (`/monitor/alert-setting`): the company's rules — the spec's event
 * definitions with their levels. Everyone who can open the console reads them; editors and admins edit.
 * Schemas: `alertRulesIo` in `alert-rules.schemas.ts`.
 */

export const listAlertRules = endpoint('listAlertRules', {
  method: 'GET',
  path: '/api/v2/monitor/alert-settings',
  summary: "The company's player alert rules",
  tag: 'alert-settings',
  access: 'read',
});

export const createAlertRule = endpoint('createAlertRule', {
  method: 'POST',
  path: '/api/v2/monitor/alert-settings',
  summary: 'Add a player alert rule',
  tag: 'alert-settings',
  access: 'write',
});

export const updateAlertRule = endpoint('updateAlertRule', {
  method: 'PUT',
  path: '/api/v2/monitor/alert-settings/:EventID',
  summary: 'Replace a rule (name, type, window, levels, enabled); applies to events from now on',
  tag: 'alert-settings',
  access: 'write',
});

export const setAlertRuleEnabled = endpoint('setAlertRuleEnabled', {
  method: 'PUT',
  path: '/api/v2/monitor/alert-settings/:EventID/enabled',
  summary: 'Turn a rule on or off',
  tag: 'alert-settings',
  access: 'write',
});

export const deleteAlertRule = endpoint('deleteAlertRule', {
  method: 'DELETE',
  path: '/api/v2/monitor/alert-settings/:EventID',
  summary: 'Delete a rule; the alerts it raised are kept',
  tag: 'alert-settings',
  access: 'write',
});
