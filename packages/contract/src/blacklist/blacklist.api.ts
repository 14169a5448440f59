import { endpoint } from '../common/endpoint';

/** The player blacklist. Schemas: `blacklistIo` in `blacklist.schemas.ts`. */

export const listBlacklistMembers = endpoint('listBlacklistMembers', {
  method: 'GET',
  path: '/api/v2/monitor/blacklist/members',
  summary: 'Page through the player blacklist (total in `cnt`)',
  tag: 'blacklist',
  access: 'read',
});

export const getBlacklistMember = endpoint('getBlacklistMember', {
  method: 'GET',
  path: '/api/v2/monitor/blacklist/members/:id',
  summary: 'One member of the blacklist; 404 when the member is not on it',
  tag: 'blacklist',
  access: 'read',
});

export const addBlacklistMembers = endpoint('addBlacklistMembers', {
  method: 'POST',
  path: '/api/v2/monitor/blacklist/members',
  summary: 'Add members to the blacklist and lock them through every block API with IsLock set',
  tag: 'blacklist',
  access: 'write',
});

export const updateBlacklistMember = endpoint('updateBlacklistMember', {
  method: 'PUT',
  path: '/api/blockList/:MemberID',
  summary: "Edit a blacklisted member's memo or alert type",
  tag: 'blacklist',
  access: 'write',
});

export const removeBlacklistMembers = endpoint('removeBlacklistMembers', {
  method: 'DELETE',
  path: '/api/blockList',
  summary: 'Remove members from the blacklist',
  tag: 'blacklist',
  access: 'write',
});
