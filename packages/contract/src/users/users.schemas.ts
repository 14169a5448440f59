import { z } from 'zod';
import { NewPassword } from '../auth/auth.schemas';
import { Ack } from '../common/ack.schemas';
import { listEnvelope, PageQuery } from '../common/envelope.schemas';
import { Tag } from '../common/roles.schemas';
import {
  ACCOUNT_MAX_LENGTH,
  ACCOUNT_MIN_LENGTH,
  ACCOUNT_PATTERN,
  INVITATION_KINDS,
  MAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
} from './users';

/** A new login account: letters, digits and `. _ - @`, 3–64 characters; unique ignoring case. */
export const AccountName = z
  .string()
  .trim()
  .min(ACCOUNT_MIN_LENGTH, `must be at least ${ACCOUNT_MIN_LENGTH} characters`)
  .max(ACCOUNT_MAX_LENGTH, `must be at most ${ACCOUNT_MAX_LENGTH} characters`)
  .regex(ACCOUNT_PATTERN, 'may contain only letters, digits and . _ - @')
  .describe('Login account: letters, digits and . _ - @, 3–64 characters');

export const PersonName = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`)
  .describe('Display name');

/** An e-mail address, trimmed; compared ignoring case. */
export const MailAddress = z
  .string()
  .trim()
  .max(MAIL_MAX_LENGTH, `must be at most ${MAIL_MAX_LENGTH} characters`)
  .pipe(z.email('must be an e-mail address such as name@example.com'))
  .describe('E-mail address');

/** Status of a user in a company: 1 active, 0 disabled, 2 invited (has not registered yet). */
/** A mobile number in E.164 form: +, country code, subscriber number (8 to 15 digits in all). */
export const MobileNumber = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{7,14}$/, 'must be a mobile number in E.164 form, such as +886912345678');

export const UserStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type UserStatus = z.infer<typeof UserStatus>;

/** Spec §3 user, as user management lists it (role and status in the admin's working company). */
export const User = z.object({
  AID: z.number().describe('User id'),
  Name: z.string(),
  Account: z.string(),
  Tags: z.union([Tag, z.literal('')]).describe("Role in this company: admin, Editor, Viewer or Mail ('' for none)"),
  Status: UserStatus.describe('1 active, 0 disabled, 2 invited (has not registered yet)'),
  Mail: z.string(),
  Mobile: z.string().describe("Mobile number in E.164 form (SMS notifications), '' for none"),
  GroupID: z.number().nullable(),
  GroupName: z.string(),
  CreateDate: z.string().describe('When the user joined this company'),
});
export type User = z.infer<typeof User>;

/** User calls answer `{status: 0, …}`; the console treats any other status as an error (spec §8). */

const AidParam = z.coerce.number().int().positive('must be a user id').describe('User id (AID)');
const GroupRef = z.number().int().positive().nullable().describe('User group id, or null for none');

export const ListUsersQuery = PageQuery.extend({
  AID: AidParam.optional(),
  Account: z.string().trim().max(64).optional().describe('Part of the account or name, ignoring case'),
  GroupID: z.coerce.number().int().positive().optional().describe('Only users of this group'),
  Tags: Tag.optional().describe('Only users with this role'),
});

export const CreateUserBody = z.object({
  Name: PersonName,
  Account: AccountName,
  Tags: Tag,
  Mail: MailAddress,
  Password: NewPassword.optional().describe('Initial password; without one an invitation is mailed'),
  GroupID: GroupRef.optional(),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

export const UpdateUserBody = z
  .object({
    Name: PersonName.optional(),
    Tags: Tag.optional(),
    Status: z
      .union([z.literal(0), z.literal(1)])
      .optional()
      .describe('1 active, 0 disabled in this company'),
    Mail: MailAddress.optional(),
    Mobile: z
      .union([MobileNumber, z.literal('')])
      .optional()
      .describe("Mobile number in E.164 form such as +886912345678 (SMS notifications); '' removes it"),
    GroupID: GroupRef.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Give at least one of Name, Tags, Status, Mail, Mobile, GroupID',
    path: ['Tags'],
  });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const InviteUserBody = z
  .object({
    AID: z.number().int().positive().optional().describe('Send a new invitation to this invited user of the company'),
    Mail: MailAddress.optional().describe('Or invite this address to join the company (new or existing account)'),
    Tags: Tag.optional().describe('Role of the invited address'),
    GroupID: GroupRef.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.AID !== undefined) {
      if (v.Mail !== undefined) ctx.addIssue({ code: 'custom', path: ['Mail'], message: 'give either AID or Mail' });
      return;
    }
    if (v.Mail === undefined) ctx.addIssue({ code: 'custom', path: ['Mail'], message: 'give AID or Mail' });
    else if (v.Tags === undefined) ctx.addIssue({ code: 'custom', path: ['Tags'], message: 'is required with Mail' });
  });
export type InviteUserBody = z.infer<typeof InviteUserBody>;

/** A pending invitation or registration link of the company (the link itself is shown only once). */
export const Invitation = z.object({
  ID: z.number(),
  Kind: z.enum(INVITATION_KINDS).describe('user: invited user; mail: invited address; link: generated link'),
  Account: z.string().nullable(),
  Mail: z.string().nullable(),
  Tags: z.union([Tag, z.literal('')]),
  Expired: z.string(),
  CreatedBy: z.string().nullable(),
  CreateDate: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

export const ListInvitationsQuery = PageQuery.extend({
  Kind: z
    .enum(INVITATION_KINDS)
    .optional()
    .describe('Only this kind: invited users, invited addresses or generated links'),
});

export const UserGroup = z.object({
  GroupID: z.number(),
  Name: z.string(),
  Memo: z.string(),
  UserCount: z.number(),
  CreateDate: z.string(),
});
export type UserGroup = z.infer<typeof UserGroup>;

const GroupName = z.string().trim().min(1, 'must not be blank').max(64, 'must be at most 64 characters');
const GroupMemo = z.string().trim().max(500, 'must be at most 500 characters');

export const CreateGroupBody = z.object({ Name: GroupName, Memo: GroupMemo.default('') });

export const UpdateGroupBody = z
  .object({ GroupID: z.number().int().positive(), Name: GroupName.optional(), Memo: GroupMemo.optional() })
  .refine((v) => v.Name !== undefined || v.Memo !== undefined, { message: 'Give Name or Memo', path: ['Name'] });

/** The registration link itself, answered only when no mail server is configured to carry it. */
const InvitationLinkField = z
  .string()
  .optional()
  .describe('The invitation link, only when no mail server is configured: the admin passes it on');

/** The schemas of the endpoints of `users.api.ts`. */
export const usersIo = {
  listUsers: { querystring: ListUsersQuery, response: listEnvelope(User) },
  createUser: {
    body: CreateUserBody,
    response: Ack.extend({
      AID: z.number(),
      Invited: z.boolean().describe('An invitation was issued (a user without a password)'),
      MailSent: z.boolean().describe('The invitation mail will be sent (false when no mail server is configured)'),
      InvitationLink: InvitationLinkField,
    }),
  },
  updateUser: { params: z.object({ AID: AidParam }), body: UpdateUserBody, response: Ack },
  deleteUser: { params: z.object({ id: AidParam }), response: Ack },
  inviteUser: {
    body: InviteUserBody,
    response: Ack.extend({
      expired: z.string().describe('When the invitation expires (ISO 8601)'),
      MailSent: z.boolean().describe('The invitation mail will be sent (false when no mail server is configured)'),
      InvitationLink: InvitationLinkField,
    }),
  },
  listInvitations: { querystring: ListInvitationsQuery, response: listEnvelope(Invitation) },
  revokeInvitation: { params: z.object({ ID: z.coerce.number().int().positive() }), response: Ack },
  listGroups: { response: listEnvelope(UserGroup) },
  createGroup: { body: CreateGroupBody, response: Ack.extend({ GroupID: z.number() }) },
  updateGroup: { body: UpdateGroupBody, response: Ack },
  deleteGroup: { params: z.object({ GroupID: z.coerce.number().int().positive() }), response: Ack },
};
