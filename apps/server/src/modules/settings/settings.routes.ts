import { getSystemSetting, ipVerify, updateIpAllowlist, updateSystemSetting } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { sessionToken } from '../../lib/credentials';
import { registerEndpoint } from '../../lib/endpoint';
import type { SettingsService } from './settings.service';

/** System parameters (admin) and the console IP check. */
export function settingsRoutes(app: FastifyInstance, service: SettingsService): void {
  registerEndpoint(app, getSystemSetting, async ({ auth, request }) => ({
    status: 0,
    data: await service.get(auth, request.ip),
  }));

  registerEndpoint(app, updateSystemSetting, async ({ auth, body }) => ({
    status: 0,
    message: await service.update(auth, body),
  }));

  registerEndpoint(app, updateIpAllowlist, async ({ auth, body, request }) => ({
    status: 0,
    message: 'IP allowlist saved',
    data: await service.replaceAllowlist(auth, body, request.ip),
  }));

  // Public: a session whose address is refused still learns that it is, and from which address.
  registerEndpoint(app, ipVerify, async ({ request }) => ({
    status: 0,
    ...(await service.verifyIp(sessionToken(request), request.ip)),
  }));
}
