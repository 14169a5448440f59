import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GroupsService } from './groups.service';
import { inviteFirstAdmin } from './invitations';
import { usersRoutes } from './users.routes';
import { UsersService } from './users.service';

/** User management of spec §7 "Users": users, groups and invitations of the admin's working company. */
export const usersPlugin = fp(
  async (app: FastifyInstance) => {
    usersRoutes(app, new UsersService(app.db, app.config, app.outbox), new GroupsService(app.db));
    app.companyAdmin.setAdminInviter((sql, company, invite) => inviteFirstAdmin(sql, app.config, company, invite));
  },
  { name: 'users', dependencies: ['core', 'authentication', 'outbox', 'mail', 'companies'] },
);
