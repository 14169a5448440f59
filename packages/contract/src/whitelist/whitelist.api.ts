import { endpoint } from '../common/endpoint';

/** The player whitelist and the IP whitelist. Schemas: `whitelistIo` in `whitelist.schemas.ts`. */

export const listWhitelistMembers = endpoint('listWhitelistMembers', {
  method: 'GET',
  path: '/api/v2/monitor/whitelist',
  summary: 'Page through the player whitelist (total in `cnt`)',
  tag: 'whitelist',
  access: 'read',
});

export const addWhitelistMembers = endpoint('addWhitelistMembers', {
  method: 'POST',
  path: '/api/v2/monitor/whitelist',
  summary: 'Add members to the whitelist: they raise no player alerts',
  tag: 'whitelist',
  access: 'write',
});

export const removeWhitelistMembers = endpoint('removeWhitelistMembers', {
  method: 'DELETE',
  path: '/api/v2/monitor/whitelist',
  summary: 'Remove members from the whitelist',
  tag: 'whitelist',
  access: 'write',
});

export const listWhitelistIps = endpoint('listWhitelistIps', {
  method: 'GET',
  path: '/api/v2/monitor/whitelist/ip',
  summary: 'Page through the IP whitelist (page 1, size 25 by default; total in `cnt`)',
  tag: 'whitelist',
  access: 'read',
});

export const addWhitelistIps = endpoint('addWhitelistIps', {
  method: 'POST',
  path: '/api/v2/monitor/whitelist/ip',
  summary: 'Add addresses or CIDR ranges (IPv4 or IPv6) to the IP whitelist',
  tag: 'whitelist',
  access: 'write',
});

export const removeWhitelistIps = endpoint('removeWhitelistIps', {
  method: 'DELETE',
  path: '/api/v2/monitor/whitelist/ip',
  summary: 'Remove addresses or ranges from the IP whitelist',
  tag: 'whitelist',
  access: 'write',
});
