import {
  authCheck,
  changePassword,
  login,
  updateCompanyPermission,
  updateUserPreference,
  userInfo,
} from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { AuthService } from './auth.service';

export function authRoutes(app: FastifyInstance, service: AuthService): void {
  registerEndpoint(app, login, async ({ body, request }) => {
    const issued = await service.login(body.Account, body.Password, request.ip);
    return { status: 0, message: 'OK', ...issued };
  });

  registerEndpoint(app, authCheck, async ({ auth }) => ({
    _id: auth.aid,
    _role: auth.role,
    _isPublisher: auth.isPublisher,
    _isSuperAdmin: auth.isSuperAdmin,
    priceLevel: auth.priceLevel,
    account: auth.account,
  }));

  registerEndpoint(app, userInfo, async ({ auth }) => ({ status: 0, data: await service.userInfo(auth) }));

  registerEndpoint(app, updateUserPreference, async ({ auth, body }) => {
    await service.updatePreferences(auth, body);
    return { status: 0 };
  });

  registerEndpoint(app, updateCompanyPermission, async ({ auth, body, request }) => {
    const issued = await service.switchCompany(auth, body.cid, request.ip);
    return { status: 0, message: 'OK', ...issued };
  });

  registerEndpoint(app, changePassword, async ({ auth, body, request }) => {
    const issued = await service.changePassword(auth, body, request.ip);
    return { status: 0, message: 'OK', ...issued };
  });
}
