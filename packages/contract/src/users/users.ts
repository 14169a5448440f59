import { z } from 'zod';
import { NewPassword } from '../auth/password-policy';
import { Ack } from '../common/ack';
import { defineEndpoint } from '../common/endpoint';
import { listEnvelope, PageQuery } from '../common/envelope';
import { Tag } from '../common/roles';
import { AccountName, MailAddress, PersonName, UserStatus } from './user-fields';

/** Spec §3 user, as user management lists it (role and status in the admin's working company). */
export const User = z.object({
  AID: z.number().describe('User id'),
  Name: z.string(),
  Account: z.string(),
  Tags: z.union([Tag, z.literal('')]).describe("Role in this company: admin, Editor, Viewer or Mail ('' for none)"),
  Status: UserStatus.describe('1 active, 0 disabled, 2 invited (has not registered yet)'),
  Mail: z.string(),
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

export const listUsers = defineEndpoint({
  method: 'GET',
  path: '/api/v2/system/user',
  summary: 'Users of the working company, filtered by AID or Account',
  tag: 'users',
  access: 'admin',
  querystring: ListUsersQuery,
  response: listEnvelope(User),
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

export const createUser = defineEndpoint({
  method: 'POST',
  path: '/api/v2/system/user',
  summary: 'Create a user in the working company; without a password an invitation is mailed',
  tag: 'users',
  access: 'admin',
  body: CreateUserBody,
  response: Ack.extend({
    AID: z.number(),
    Invited: z.boolean().describe('An invitation mail was queued'),
  }),
});

export const UpdateUserBody = z
  .object({
    Name: PersonName.optional(),
    Tags: Tag.optional(),
    Status: z
      .union([z.literal(0), z.literal(1)])
      .optional()
      .describe('1 active, 0 disabled in this company'),
    Mail: MailAddress.optional(),
    GroupID: GroupRef.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Give at least one of Name, Tags, Status, Mail, GroupID',
    path: ['Tags'],
  });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const updateUser = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/system/user/:AID',
  summary: "Change a user's role, status, group, name or mail in the working company",
  tag: 'users',
  access: 'admin',
  params: z.object({ AID: AidParam }),
  body: UpdateUserBody,
  response: Ack,
});

export const deleteUser = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/system/user/:id',
  summary: 'Remove a user from the working company',
  tag: 'users',
  access: 'admin',
  params: z.object({ id: AidParam }),
  response: Ack,
});

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

export const inviteUser = defineEndpoint({
  method: 'POST',
  path: '/api/v2/system/user/invite',
  summary: 'Mail an invitation: again to an invited user ({AID}), or to anyone by address ({Mail, Tags})',
  tag: 'users',
  access: 'admin',
  body: InviteUserBody,
  response: Ack.extend({ expired: z.string().describe('When the invitation expires (ISO 8601)') }),
});

export const INVITATION_KINDS = ['user', 'mail', 'link'] as const;

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

export const listInvitations = defineEndpoint({
  method: 'GET',
  path: '/api/v2/system/user/invite',
  summary: 'Pending (unused, unexpired) invitations and registration links of the working company',
  tag: 'users',
  access: 'admin',
  querystring: ListInvitationsQuery,
  response: listEnvelope(Invitation),
});

export const revokeInvitation = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/system/user/invite/:ID',
  summary: 'Revoke a pending invitation or registration link',
  tag: 'users',
  access: 'admin',
  params: z.object({ ID: z.coerce.number().int().positive() }),
  response: Ack,
});
