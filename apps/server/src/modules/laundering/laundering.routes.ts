import {
  createLaunderingSetting,
  deleteLaunderingSetting,
  getLaunderingAlert,
  listLaunderingAlerts,
  listLaunderingSettings,
  processLaunderingAlerts,
  searchLaundering,
  updateLaunderingSetting,
} from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { LaunderingService } from './laundering.service';

export function launderingRoutes(app: FastifyInstance, service: LaunderingService): void {
  registerEndpoint(app, listLaunderingSettings, ({ auth }) => service.listSettings(auth));
  registerEndpoint(app, createLaunderingSetting, ({ auth, body }) => service.createSetting(auth, body));
  registerEndpoint(app, updateLaunderingSetting, ({ auth, params, body }) =>
    service.updateSetting(auth, params.EventID, body),
  );
  registerEndpoint(app, deleteLaunderingSetting, ({ auth, params }) => service.deleteSetting(auth, params.EventID));
  registerEndpoint(app, listLaunderingAlerts, ({ auth, query }) => service.listAlerts(auth, query));
  registerEndpoint(app, getLaunderingAlert, ({ auth, params }) => service.getAlert(auth, params.AlertID));
  registerEndpoint(app, processLaunderingAlerts, ({ auth, body }) => service.processAlerts(auth, body));
  registerEndpoint(app, searchLaundering, ({ auth, query }) => service.search(auth, query));
}
