import { z } from 'zod';
import { Ack } from '../common/ack';
import { defineEndpoint } from '../common/endpoint';
import { Tag } from '../common/roles';
import { AccountName, MailAddress, PersonName } from '../users/user-fields';

/**
 * Spec §5/§8: a failed registration, e-mail verification or register-URL verification shows a fixed
 * Chinese message telling the user to contact customer service. The server answers these failures
 * with the codes below (and an English `message`); the console shows the text for the code verbatim,
 * whatever the interface language.
 */
export const REGISTRATION_FAILURE_MESSAGES = {
  REGISTER_FAILED: '註冊失敗，請聯繫客服',
  EMAIL_VERIFY_FAILED: '信箱驗證失敗，請聯繫客服',
  REGISTER_URL_INVALID: '註冊連結驗證失敗，請聯繫客服',
} as const;
export type RegistrationFailureCode = keyof typeof REGISTRATION_FAILURE_MESSAGES;

/** How long a generated registration link lives by default, and at most. */
export const REGISTER_LINK_DEFAULT_HOURS = 72;
export const REGISTER_LINK_MAX_DAYS = 90;

/** The console routes that mails link to. */
export const REGISTER_ROUTE = '/register';
export const RESET_PASSWORD_ROUTE = '/resetPassword';

export const GenerateRegisterUrlBody = z.object({
  Tags: Tag.describe('Role the new user gets'),
  cid: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Company the user joins: one where the caller is an admin (default: the working company)'),
  expired: z.iso
    .datetime({ offset: true, message: 'must be an ISO 8601 time such as 2026-12-31T23:59:00+08:00' })
    .optional()
    .describe(
      `When the link stops working: in the future, at most ${REGISTER_LINK_MAX_DAYS} days ahead (default ${REGISTER_LINK_DEFAULT_HOURS} hours)`,
    ),
  GroupID: z.number().int().positive().optional().describe('User group in that company'),
});
export type GenerateRegisterUrlBody = z.infer<typeof GenerateRegisterUrlBody>;

export const generateRegisterUrl = defineEndpoint({
  method: 'POST',
  path: '/api/v2/auth/generate-register-url',
  summary: 'Make a single-use registration link with role, company and expiry (publisher admins)',
  tag: 'registration',
  access: 'admin',
  priceLevels: ['publisher'],
  body: GenerateRegisterUrlBody,
  response: Ack.extend({
    url: z.string().describe('The link to hand out: <public URL>/register/<token>; shown only now'),
    token: z.string(),
    expired: z.string(),
  }),
});

/**
 * What a registration token allows. `invite`: an invited user sets their password (Account, Name and
 * Mail are fixed). `join`: anyone holding the link creates an account, or joins with an existing one
 * by giving its account and password; `Mail` is set when the invitation was sent to one address.
 */
export const RegisterUrlInfo = z.object({
  Kind: z.enum(['invite', 'join']),
  Account: z.string().nullable(),
  Name: z.string().nullable(),
  Mail: z.string().nullable(),
  Tags: z.union([Tag, z.literal('')]),
  CompanyName: z.string(),
  expired: z.string(),
});
export type RegisterUrlInfo = z.infer<typeof RegisterUrlInfo>;

export const checkRegisterUrl = defineEndpoint({
  method: 'GET',
  path: '/api/v2/auth/check-register-url',
  summary: 'Check a registration token (sent in Authorization) and describe what it allows',
  tag: 'registration',
  access: 'public',
  response: z.object({ status: z.number().describe('0 on success'), data: RegisterUrlInfo }),
});

export const checkEmail = defineEndpoint({
  method: 'GET',
  path: '/api/v2/auth/check-email',
  summary: 'Check that an address can be used for a new account (registration token in Authorization)',
  tag: 'registration',
  access: 'public',
  querystring: z.object({ mail: MailAddress }),
  response: Ack,
});

export const RegisterBody = z.object({
  Token: z.string().min(1).max(200).describe('The token of /register/<token>'),
  Account: AccountName.optional().describe('New account, or an existing one to join with (join links)'),
  Password: z
    .string()
    .min(1)
    .max(128)
    .describe('New password (see the password rule), or the existing account’s password when joining'),
  Name: PersonName.optional().describe('Required for a new account from a join link'),
  Mail: MailAddress.optional().describe('Required for a new account from a join link not sent to one address'),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const register = defineEndpoint({
  method: 'POST',
  path: '/api/v2/auth/register',
  summary: 'Register with a registration token: set the password of an invited user, or create/join an account',
  tag: 'registration',
  access: 'public',
  body: RegisterBody,
  response: Ack.extend({
    Account: z.string().describe('The account to log in with'),
  }),
});
