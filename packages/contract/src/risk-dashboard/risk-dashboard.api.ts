import { endpoint } from '../common/endpoint';

/** The risk dashboard (`/dashboard`): alert figures over a period. Schemas: `riskDashboardIo`. */

export const getRiskDashboard = endpoint('getRiskDashboard', {
  method: 'GET',
  path: '/api/v2/dashboard/risk',
  summary: 'Alert counts by type and level, trend, most-alerted members and the latest alerts',
  tag: 'dashboard',
  access: 'read',
});
