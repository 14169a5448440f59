import { getSystemSetting, ipVerify, updateIpAllowlist, updateSystemSetting } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import { ipMatcher, isIpAllowed, normalizeIp } from '../../lib/ip-match';
import { bearerToken } from '../../plugins/auth';
import { SettingsService } from './settings.service';

/** System parameters (admin) and the console IP check. */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const { db, auth: authService } = app.ctx;
  const service = new SettingsService(db);

  registerEndpoint(app, getSystemSetting, async ({ auth, request }) => ({
    status: 0,
    data: await service.get(auth, request.ip),
  }));

  registerEndpoint(app, updateSystemSetting, async ({ auth, body }) => ({
    status: 0,
    message: await service.update(auth, body),
  }));

  registerEndpoint(app, updateIpAllowlist, async ({ auth, body, request }) => {
    await service.replaceAllowlist(auth, body, request.ip);
    return { status: 0, message: 'IP allowlist saved', data: await service.get(auth, request.ip) };
  });

  // Public: a session whose address is refused still learns that it is, and from which address.
  registerEndpoint(app, ipVerify, async ({ request }) => {
    const token = bearerToken(request);
    const session = token ? await authService.resolve(token).catch(() => undefined) : undefined;
    const list = session?.ipAllowlist ?? [];
    return {
      status: 0,
      IP: normalizeIp(request.ip),
      allowed: isIpAllowed(ipMatcher, list, request.ip),
      restricted: list.length > 0,
    };
  });
}
