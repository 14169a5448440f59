import { checkEmail, checkRegisterUrl, generateRegisterUrl, register } from '@pitboss/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import { RegistrationService } from './registration.service';

/**
 * The token of a link page, sent in Authorization (`Bearer <token>` or the bare token). The session
 * cookie is never read here: a logged-in visitor may open someone's invitation.
 */
export function linkToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  return /^Bearer\s+(.+)$/i.exec(header)?.[1] ?? header;
}

export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, auth } = app.ctx;
  const service = new RegistrationService(db, config, auth);

  registerEndpoint(app, generateRegisterUrl, async ({ auth: caller, body }) => ({
    status: 0,
    message: 'Registration link created',
    ...(await service.generate(caller, body)),
  }));

  registerEndpoint(app, checkRegisterUrl, async ({ request }) => ({
    status: 0,
    data: await service.check(linkToken(request), request.ip),
  }));

  registerEndpoint(app, checkEmail, async ({ request, query }) => {
    await service.checkEmail(linkToken(request), query.mail, request.ip);
    return { status: 0, message: 'This address can be used' };
  });

  registerEndpoint(app, register, async ({ request, body }) => {
    const { account } = await service.register(body, request.ip);
    return { status: 0, message: 'Registered; log in to continue', Account: account };
  });
}
