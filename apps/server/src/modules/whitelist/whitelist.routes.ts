import {
  addWhitelistIps,
  addWhitelistMembers,
  listWhitelistIps,
  listWhitelistMembers,
  removeWhitelistIps,
  removeWhitelistMembers,
} from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import { BULK_BODY_LIMIT } from '../blacklist/member-list';
import type { WhitelistService } from './whitelist.service';

export function whitelistRoutes(app: FastifyInstance, service: WhitelistService): void {
  const bulk = { bodyLimit: BULK_BODY_LIMIT };

  registerEndpoint(app, listWhitelistMembers, ({ auth, query }) => service.listMembers(auth, query));
  registerEndpoint(app, addWhitelistMembers, ({ auth, body }) => service.addMembers(auth, body), bulk);
  registerEndpoint(app, removeWhitelistMembers, ({ auth, body }) => service.removeMembers(auth, body), bulk);

  registerEndpoint(app, listWhitelistIps, ({ auth, query }) => service.listIps(auth, query));
  registerEndpoint(app, addWhitelistIps, ({ auth, body }) => service.addIps(auth, body), bulk);
  registerEndpoint(app, removeWhitelistIps, ({ auth, body }) => service.removeIps(auth, body), bulk);
}
