import { z } from 'zod';
import { Ack } from '../common/ack.schemas';
import { Tag } from '../common/roles.schemas';
import { AccountName, MailAddress, PersonName } from '../users/users.schemas';
import { REGISTER_LINK_DEFAULT_HOURS, REGISTER_LINK_MAX_DAYS } from './registration';

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
  TimeZone: z.string().describe("The company's time zone, in which the page shows the link's expiry"),
});
export type RegisterUrlInfo = z.infer<typeof RegisterUrlInfo>;

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

/** The schemas of the endpoints of `registration.api.ts`. */
export const registrationIo = {
  generateRegisterUrl: {
    body: GenerateRegisterUrlBody,
    response: Ack.extend({
      url: z.string().describe('The link to hand out: <public URL>/register/<token>; shown only now'),
      token: z.string(),
      expired: z.string(),
    }),
  },
  checkRegisterUrl: { response: z.object({ status: z.number().describe('0 on success'), data: RegisterUrlInfo }) },
  checkEmail: { querystring: z.object({ mail: MailAddress }), response: Ack },
  register: {
    body: RegisterBody,
    response: Ack.extend({
      Account: z.string().describe('The account to log in with'),
    }),
  },
};
