import { z } from 'zod';
import { NewPassword } from '../auth/auth.schemas';
import { Ack } from '../common/ack.schemas';
import { AccountName, MailAddress } from '../users/users.schemas';

export const SendResetMailBody = z
  .object({
    Mail: MailAddress.optional().describe('Mail of the account'),
    Account: AccountName.optional().describe('Or the account name'),
  })
  .refine((v) => v.Mail !== undefined || v.Account !== undefined, { message: 'Give Mail or Account', path: ['Mail'] });

export const ResetPasswordBody = z.object({
  Token: z.string().min(1).max(200).describe('The token of /resetPassword/<token>'),
  Password: NewPassword,
});

/** The schemas of the endpoints of `password-reset.api.ts`. */
export const passwordResetIo = {
  accountByEmail: {
    querystring: z.object({ mail: MailAddress }),
    response: z.object({
      status: z.number().describe('0 on success'),
      data: z.object({ Account: z.string(), Name: z.string() }),
    }),
  },
  sendResetMail: { body: SendResetMailBody, response: Ack },
  resetPassword: { body: ResetPasswordBody, response: Ack.extend({ Account: z.string() }) },
  issueResetLink: {
    params: z.object({ AID: z.coerce.number().int().positive() }),
    response: Ack.extend({
      expired: z.string().describe('When the link expires (ISO 8601)'),
      MailSent: z.boolean().describe("The link is mailed to the user's address"),
      ResetLink: z
        .string()
        .optional()
        .describe('The link itself, only when it cannot be mailed (no mail server, or the user has no mail address)'),
    }),
  },
};
