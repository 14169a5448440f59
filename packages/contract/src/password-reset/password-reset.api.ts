import { endpoint } from '../common/endpoint';

/** Password reset by mailed link. Schemas: `passwordResetIo` in `password-reset.schemas.ts`. */

export const accountByEmail = endpoint('accountByEmail', {
  method: 'GET',
  path: '/api/v2/auth/account-by-email',
  summary:
    'The account a reset link is for: answers only to the holder of a valid reset token (in Authorization) whose account has this mail',
  tag: 'password-reset',
  access: 'public',
});

export const sendResetMail = endpoint('sendResetMail', {
  method: 'POST',
  path: '/api/v2/auth/send-reset-mail',
  summary: 'Mail a password-reset link; answers the same whether or not the account exists',
  tag: 'password-reset',
  access: 'public',
});

export const resetPassword = endpoint('resetPassword', {
  method: 'POST',
  path: '/api/v2/auth/reset-password',
  summary: 'Set a new password with a reset token; every session of the account ends',
  tag: 'password-reset',
  access: 'public',
});

export const issueResetLink = endpoint('issueResetLink', {
  method: 'POST',
  path: '/api/v2/system/user/:AID/reset-password',
  summary:
    "An admin starts a password reset for a user of the company: the link is mailed to the user's address, or answered when no mail server is configured",
  tag: 'password-reset',
  access: 'admin',
});
