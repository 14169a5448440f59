import { checkEmail, checkRegisterUrl, generateRegisterUrl, register } from '@pitboss/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorizationToken } from '../../lib/credentials';
import { registerEndpoint } from '../../lib/endpoint';
import type { RegistrationService } from './registration.service';

/**
 * The token of a link page, sent in Authorization (`Bearer <token>` or the bare token). The session
 * cookie is never read here: a logged-in visitor may open someone's invitation.
 */
const linkToken = (request: FastifyRequest) => authorizationToken(request, { bare: true });

export function registrationRoutes(app: FastifyInstance, service: RegistrationService): void {
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
