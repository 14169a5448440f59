import { endpoint } from '../common/endpoint';
import { LAUNDERING_PRICE_LEVELS } from './laundering';

/**
 * Opposing bets (money laundering): settings (`/monitor/laundering-alert-setting`), alerts
 * (`/monitor/laundering-alert-events`) and search (`/monitor/laundering-search`). Platform and aggregator
 * companies only: the server answers 403 to a publisher on every call. Schemas: `launderingIo`.
 */

const priceLevels = LAUNDERING_PRICE_LEVELS;

export const listLaunderingSettings = endpoint('listLaunderingSettings', {
  method: 'GET',
  path: '/api/v2/monitor/laundering-settings',
  summary: "The company's opposing-bet settings",
  tag: 'laundering',
  access: 'read',
  priceLevels,
});

export const createLaunderingSetting = endpoint('createLaunderingSetting', {
  method: 'POST',
  path: '/api/v2/monitor/laundering-settings',
  summary: 'Add an opposing-bet setting',
  tag: 'laundering',
  access: 'write',
  priceLevels,
});

export const updateLaunderingSetting = endpoint('updateLaunderingSetting', {
  method: 'PUT',
  path: '/api/v2/monitor/laundering-settings/:EventID',
  summary: 'Replace an opposing-bet setting (pairs, games, stakes, window, levels, enabled)',
  tag: 'laundering',
  access: 'write',
  priceLevels,
});

export const deleteLaunderingSetting = endpoint('deleteLaunderingSetting', {
  method: 'DELETE',
  path: '/api/v2/monitor/laundering-settings/:EventID',
  summary: 'Delete an opposing-bet setting; the alerts it raised are kept',
  tag: 'laundering',
  access: 'write',
  priceLevels,
});

export const listLaunderingAlerts = endpoint('listLaunderingAlerts', {
  method: 'GET',
  path: '/api/v2/monitor/laundering-alerts',
  summary: 'Page through opposing-bet alerts (total in `cnt`)',
  tag: 'laundering',
  access: 'read',
  priceLevels,
});

export const getLaunderingAlert = endpoint('getLaunderingAlert', {
  method: 'GET',
  path: '/api/v2/monitor/laundering-alerts/:AlertID',
  summary: 'One opposing-bet alert with its evidence: the matched rounds, the money moved, shared IPs and devices',
  tag: 'laundering',
  access: 'read',
  priceLevels,
});

export const processLaunderingAlerts = endpoint('processLaunderingAlerts', {
  method: 'PUT',
  path: '/api/v2/monitor/laundering-alerts',
  summary: 'Mark opposing-bet alerts processed with a memo; refused whole if any is already processed',
  tag: 'laundering',
  access: 'write',
  priceLevels,
});

export const searchLaundering = endpoint('searchLaundering', {
  method: 'GET',
  path: '/api/v2/monitor/laundering-search',
  summary: 'Every counterpart that bet against the members in a period, below any alert threshold too',
  tag: 'laundering',
  access: 'read',
  priceLevels,
});
