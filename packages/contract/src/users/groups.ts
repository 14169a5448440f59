import { z } from 'zod';
import { Ack } from '../common/ack';
import { defineEndpoint } from '../common/endpoint';
import { listEnvelope } from '../common/envelope';

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

export const listGroups = defineEndpoint({
  method: 'GET',
  path: '/api/v2/system/user/group',
  summary: 'User groups of the working company',
  tag: 'users',
  access: 'admin',
  response: listEnvelope(UserGroup),
});

export const CreateGroupBody = z.object({ Name: GroupName, Memo: GroupMemo.default('') });

export const createGroup = defineEndpoint({
  method: 'POST',
  path: '/api/v2/system/user/group',
  summary: 'Create a user group',
  tag: 'users',
  access: 'admin',
  body: CreateGroupBody,
  response: Ack.extend({ GroupID: z.number() }),
});

export const UpdateGroupBody = z
  .object({ GroupID: z.number().int().positive(), Name: GroupName.optional(), Memo: GroupMemo.optional() })
  .refine((v) => v.Name !== undefined || v.Memo !== undefined, { message: 'Give Name or Memo', path: ['Name'] });

export const updateGroup = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/system/user/group',
  summary: 'Rename a user group or change its memo',
  tag: 'users',
  access: 'admin',
  body: UpdateGroupBody,
  response: Ack,
});

export const deleteGroup = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/system/user/group/:GroupID',
  summary: 'Delete a user group; its users keep their accounts and lose the group',
  tag: 'users',
  access: 'admin',
  params: z.object({ GroupID: z.coerce.number().int().positive() }),
  response: Ack,
});
