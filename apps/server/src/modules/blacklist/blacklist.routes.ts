import {
  addBlacklistMembers,
  getBlacklistMember,
  listBlacklistMembers,
  removeBlacklistMembers,
  updateBlacklistMember,
} from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import { BlacklistService } from './blacklist.service';

/** Bulk bodies of 10,000 members with memos run to a few MiB. */
export const BULK_BODY_LIMIT = 8 * 1024 * 1024;

export async function blacklistRoutes(app: FastifyInstance): Promise<void> {
  const service = new BlacklistService(app.ctx);

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
