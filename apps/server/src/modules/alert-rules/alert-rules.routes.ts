import {
  createAlertRule,
  deleteAlertRule,
  listAlertRules,
  setAlertRuleEnabled,
  updateAlertRule,
} from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { AlertRulesService } from './alert-rules.service';

export function alertRulesRoutes(app: FastifyInstance, service: AlertRulesService): void {
  registerEndpoint(app, listAlertRules, ({ auth }) => service.list(auth));
  registerEndpoint(app, createAlertRule, ({ auth, body }) => service.create(auth, body));
  registerEndpoint(app, updateAlertRule, ({ auth, params, body }) => service.update(auth, params.EventID, body));
  registerEndpoint(app, setAlertRuleEnabled, ({ auth, params, body }) =>
    service.setEnabled(auth, params.EventID, body.Enabled),
  );
  registerEndpoint(app, deleteAlertRule, ({ auth, params }) => service.remove(auth, params.EventID));
}
