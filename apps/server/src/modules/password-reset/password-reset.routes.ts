import { accountByEmail, issueResetLink, resetPassword, sendResetMail } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { authorizationToken } from '../../lib/credentials';
import { registerEndpoint } from '../../lib/endpoint';
import type { PasswordResetService } from './password-reset.service';

export function passwordResetRoutes(app: FastifyInstance, service: PasswordResetService): void {
  registerEndpoint(app, sendResetMail, async ({ body, request }) => {
    await service.sendResetMail(body, request.ip);
    return { status: 0, message: 'If an account matches, a reset link has been mailed to its address' };
  });

  registerEndpoint(app, accountByEmail, async ({ query, request }) => ({
    status: 0,
    data: await service.accountByEmail(authorizationToken(request, { bare: true }), query.mail, request.ip),
  }));

  registerEndpoint(app, issueResetLink, async ({ auth, params, request }) => {
    const { expiresAt, mailSent, link } = await service.issueForUser(auth.cid, params.AID, request.ip);
    return {
      status: 0,
      message: mailSent
        ? "A reset link was mailed to the user's address"
        : 'The reset link could not be mailed: pass it on yourself',
      expired: expiresAt.toISOString(),
      MailSent: mailSent,
      ...(link ? { ResetLink: link } : {}),
    };
  });

  registerEndpoint(app, resetPassword, async ({ body, request }) => {
    const { account } = await service.resetPassword(body.Token, body.Password, request.ip);
    return { status: 0, message: 'Password changed; log in with the new password', Account: account };
  });
}
