import { endpoint } from '../common/endpoint';

/**
 * Player alerts (`/monitor/alert-events`) and the alert overview check tool (`/check-tool/alert`).
 * Schemas: `playerAlertsIo` in `player-alerts.schemas.ts`.
 */

export const listAlerts = endpoint('listAlerts', {
  method: 'GET',
  path: '/api/v2/monitor/alert-events',
  summary: 'Page through player alerts (total in `cnt`)',
  tag: 'alert-events',
  access: 'read',
});

export const getAlert = endpoint('getAlert', {
  method: 'GET',
  path: '/api/v2/monitor/alert-events/:AlertID',
  summary: 'One alert with its evidence and the member’s recent activity',
  tag: 'alert-events',
  access: 'read',
});

export const processAlerts = endpoint('processAlerts', {
  method: 'PUT',
  path: '/api/v2/monitor/alert-events',
  summary: 'Mark alerts processed (pending → processed) with a memo; refused whole if any is already processed',
  tag: 'alert-events',
  access: 'write',
});

export const blacklistAndProcessAlert = endpoint('blacklistAndProcessAlert', {
  method: 'POST',
  path: '/api/v2/monitor/alert-events/:AlertID/blacklist-and-process',
  summary:
    "In one step: put the alert's members (all or some) on the blacklist and mark the pending alert processed, with one memo",
  tag: 'alert-events',
  access: 'write',
});

export const getAlertOverview = endpoint('getAlertOverview', {
  method: 'GET',
  path: '/api/v2/check-tool/alert-overview',
  summary: 'Alerted members, IPs and devices in a period, with counts per type and the highest level',
  tag: 'check-tool',
  access: 'read',
});
