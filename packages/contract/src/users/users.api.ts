import { endpoint } from '../common/endpoint';

/** User management: users, invitations and user groups. Schemas: `usersIo` in `users.schemas.ts`. */

export const listUsers = endpoint('listUsers', {
  method: 'GET',
  path: '/api/v2/system/user',
  summary: 'Users of the working company, filtered by AID or Account',
  tag: 'users',
  access: 'admin',
});

export const createUser = endpoint('createUser', {
  method: 'POST',
  path: '/api/v2/system/user',
  summary: 'Create a user in the working company; without a password an invitation is mailed',
  tag: 'users',
  access: 'admin',
});

export const updateUser = endpoint('updateUser', {
  method: 'PUT',
  path: '/api/v2/system/user/:AID',
  summary: "Change a user's role, status, group, name or mail in the working company",
  tag: 'users',
  access: 'admin',
});

export const deleteUser = endpoint('deleteUser', {
  method: 'DELETE',
  path: '/api/v2/system/user/:id',
  summary: 'Remove a user from the working company',
  tag: 'users',
  access: 'admin',
});

export const inviteUser = endpoint('inviteUser', {
  method: 'POST',
  path: '/api/v2/system/user/invite',
  summary: 'Mail an invitation: again to an invited user ({AID}), or to anyone by address ({Mail, Tags})',
  tag: 'users',
  access: 'admin',
});

export const listInvitations = endpoint('listInvitations', {
  method: 'GET',
  path: '/api/v2/system/user/invite',
  summary: 'Pending (unused, unexpired) invitations and registration links of the working company',
  tag: 'users',
  access: 'admin',
});

export const revokeInvitation = endpoint('revokeInvitation', {
  method: 'DELETE',
  path: '/api/v2/system/user/invite/:ID',
  summary: 'Revoke a pending invitation or registration link',
  tag: 'users',
  access: 'admin',
});

export const listGroups = endpoint('listGroups', {
  method: 'GET',
  path: '/api/v2/system/user/group',
  summary: 'User groups of the working company',
  tag: 'users',
  access: 'admin',
});

export const createGroup = endpoint('createGroup', {
  method: 'POST',
  path: '/api/v2/system/user/group',
  summary: 'Create a user group',
  tag: 'users',
  access: 'admin',
});

export const updateGroup = endpoint('updateGroup', {
  method: 'PUT',
  path: '/api/v2/system/user/group',
  summary: 'Rename a user group or change its memo',
  tag: 'users',
  access: 'admin',
});

export const deleteGroup = endpoint('deleteGroup', {
  method: 'DELETE',
  path: '/api/v2/system/user/group/:GroupID',
  summary: 'Delete a user group; its users keep their accounts and lose the group',
  tag: 'users',
  access: 'admin',
});
