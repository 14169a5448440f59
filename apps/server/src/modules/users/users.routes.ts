import {
  createGroup,
  createUser,
  deleteGroup,
  deleteUser,
  inviteUser,
  listGroups,
  listInvitations,
  listUsers,
  revokeInvitation,
  toListEnvelope,
  updateGroup,
  updateUser,
} from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { GroupsService } from './groups.service';
import type { UsersService } from './users.service';

/** User management of spec §7 "Users" (admin only), on the admin's working company. */
export function usersRoutes(app: FastifyInstance, users: UsersService, groups: GroupsService): void {
  registerEndpoint(app, listUsers, async ({ auth, query }) => {
    const { rows, total } = await users.list(auth, query);
    return toListEnvelope(rows, total);
  });

  registerEndpoint(app, createUser, async ({ auth, body }) => {
    const { aid, invited, unsentLink } = await users.create(auth, body);
    return {
      status: 0,
      message: !invited
        ? 'User created'
        : unsentLink
          ? 'User created; no mail server is configured, so pass the invitation link on yourself'
          : 'User created; invitation queued',
      AID: aid,
      Invited: invited,
      MailSent: invited && unsentLink === null,
      ...(unsentLink ? { InvitationLink: unsentLink } : {}),
    };
  });

  registerEndpoint(app, updateUser, async ({ auth, params, body }) => {
    await users.update(auth, params.AID, body);
    return { status: 0, message: 'User updated' };
  });

  registerEndpoint(app, deleteUser, async ({ auth, params }) => {
    await users.remove(auth, params.id);
    return { status: 0, message: 'User removed from the company' };
  });

  registerEndpoint(app, inviteUser, async ({ auth, body }) => {
    const { expiresAt, unsentLink } = await users.invite(auth, body);
    return {
      status: 0,
      message: unsentLink ? 'No mail server is configured: pass the invitation link on yourself' : 'Invitation queued',
      expired: expiresAt.toISOString(),
      MailSent: unsentLink === null,
      ...(unsentLink ? { InvitationLink: unsentLink } : {}),
    };
  });

  registerEndpoint(app, listInvitations, async ({ auth, query }) => {
    const { rows, total } = await users.listInvitations(auth, query);
    return toListEnvelope(rows, total);
  });

  registerEndpoint(app, revokeInvitation, async ({ auth, params }) => {
    await users.revokeInvitation(auth, params.ID);
    return { status: 0, message: 'Invitation revoked' };
  });

  registerEndpoint(app, listGroups, async ({ auth }) => toListEnvelope(await groups.list(auth)));

  registerEndpoint(app, createGroup, async ({ auth, body }) => ({
    status: 0,
    message: 'Group created',
    GroupID: await groups.create(auth, body),
  }));

  registerEndpoint(app, updateGroup, async ({ auth, body }) => {
    await groups.update(auth, body);
    return { status: 0, message: 'Group updated' };
  });

  registerEndpoint(app, deleteGroup, async ({ auth, params }) => {
    await groups.remove(auth, params.GroupID);
    return { status: 0, message: 'Group deleted' };
  });
}
