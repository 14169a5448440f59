import {
  addBlacklistMembers,
  getBlacklistMember,
  listBlacklistMembers,
  removeBlacklistMembers,
  updateBlacklistMember,
} from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { BlacklistService } from './blacklist.service';
import { BULK_BODY_LIMIT } from './member-list';

export function blacklistRoutes(app: FastifyInstance, service: BlacklistService): void {
  registerEndpoint(app, listBlacklistMembers, ({ auth, query }) => service.list(auth, query));

  registerEndpoint(app, getBlacklistMember, async ({ auth, params }) => ({
    status: 0,
    data: await service.get(auth, params.id),
  }));

  registerEndpoint(app, addBlacklistMembers, ({ auth, body }) => service.add(auth, body), {
    bodyLimit: BULK_BODY_LIMIT,
  });

  registerEndpoint(app, updateBlacklistMember, async ({ auth, params, body }) => ({
    status: 0,
    data: await service.update(auth, params.MemberID, body),
  }));

  registerEndpoint(app, removeBlacklistMembers, ({ auth, body }) => service.remove(auth, body), {
    bodyLimit: BULK_BODY_LIMIT,
  });
}
