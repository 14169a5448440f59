import { z } from 'zod';
import { NewPassword } from '../auth/password-policy';
import { Ack } from '../common/ack';
import { defineEndpoint } from '../common/endpoint';
import { AccountName, MailAddress } from '../users/user-fields';

/** A reset link works once, for this long. */
export const RESET_TOKEN_TTL_MINUTES = 60;

export const accountByEmail = defineEndpoint({
  method: 'GET',
  path: '/api/v2/auth/account-by-email',
  summary:
    'The account a reset link is for: answers only to the holder of a valid reset token (in Authorization) whose account has this mail',
  tag: 'password-reset',
  access: 'public',
  querystring: z.object({ mail: MailAddress }),
  response: z.object({
    status: z.number().describe('0 on success'),
    data: z.object({ Account: z.string(), Name: z.string() }),
  }),
});

export const SendResetMailBody = z
  .object({
    Mail: MailAddress.optional().describe('Mail of the account'),
    Account: AccountName.optional().describe('Or the account name'),
  })
  .refine((v) => v.Mail !== undefined || v.Account !== undefined, { message: 'Give Mail or Account', path: ['Mail'] });

export const sendResetMail = defineEndpoint({
  method: 'POST',
  path: '/api/v2/auth/send-reset-mail',
  summary: 'Mail a password-reset link; answers the same whether or not the account exists',
  tag: 'password-reset',
  access: 'public',
  body: SendResetMailBody,
  response: Ack,
});

export const ResetPasswordBody = z.object({
  Token: z.string().min(1).max(200).describe('The token of /resetPassword/<token>'),
  Password: NewPassword,
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/v2/auth/reset-password',
  summary: 'Set a new password with a reset token; every session of the account ends',
  tag: 'password-reset',
  access: 'public',
  body: ResetPasswordBody,
  response: Ack.extend({ Account: z.string() }),
});
