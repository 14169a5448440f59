import {
  addBlockApi,
  deleteBlockApi,
  getBlockApiToken,
  getLockStatus,
  listBlockApiLogs,
  listBlockApis,
  setBlockApiToken,
  updateBlockApi,
} from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { BlockApiService } from './block-api.service';

export function blockApiRoutes(app: FastifyInstance, service: BlockApiService): void {
  registerEndpoint(app, listBlockApis, ({ auth }) => service.list(auth));
  registerEndpoint(app, addBlockApi, async ({ auth, body }) => ({ status: 0, data: await service.add(auth, body) }));
  registerEndpoint(app, updateBlockApi, async ({ auth, params, body }) => ({
    status: 0,
    data: await service.update(auth, params.APIID, body),
  }));
  registerEndpoint(app, deleteBlockApi, async ({ auth, params }) => {
    await service.remove(auth, params.APIID);
    return { status: 0 };
  });

  registerEndpoint(app, getBlockApiToken, async ({ auth }) => ({ status: 0, data: await service.tokenStatus(auth) }));
  registerEndpoint(app, setBlockApiToken, async ({ auth, body }) => ({
    status: 0,
    data: await service.setToken(auth, body.Token),
  }));

  registerEndpoint(app, listBlockApiLogs, ({ auth, query }) => service.logs(auth, query));
  registerEndpoint(app, getLockStatus, async ({ auth, query }) => ({
    status: 0,
    data: await service.lockStatus(auth, query),
  }));
}
