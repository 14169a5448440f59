import { endpoint } from '../common/endpoint';

/**
 * The platform's block APIs (spec §3 "Blocked API"), their token and the block-API log.
 * Schemas: `blockApiIo` in `block-api.schemas.ts`.
 */

export const listBlockApis = endpoint('listBlockApis', {
  method: 'GET',
  path: '/api/v2/monitor/blacklist/api',
  summary: 'The block APIs of the company, by name',
  tag: 'block-api',
  access: 'read',
});

export const addBlockApi = endpoint('addBlockApi', {
  method: 'POST',
  path: '/api/v2/monitor/blacklist/api',
  summary: 'Add a block API; 409 BLOCK_API_NAME_TAKEN when the name is in use',
  tag: 'block-api',
  access: 'write',
});

export const updateBlockApi = endpoint('updateBlockApi', {
  method: 'PUT',
  path: '/api/v2/monitor/blacklist/api/:APIID',
  summary: 'Change a block API; calls still queued go to the new Url, and are cancelled if IsLock is turned off',
  tag: 'block-api',
  access: 'write',
});

export const deleteBlockApi = endpoint('deleteBlockApi', {
  method: 'DELETE',
  path: '/api/v2/monitor/blacklist/api/:APIID',
  summary: 'Delete a block API; calls still queued for it are cancelled (and logged)',
  tag: 'block-api',
  access: 'write',
});

export const getBlockApiToken = endpoint('getBlockApiToken', {
  method: 'GET',
  path: '/api/v2/monitor/blacklist/token',
  summary: 'Whether the block-API token is set (never the token itself)',
  tag: 'block-api',
  access: 'read',
});

export const setBlockApiToken = endpoint('setBlockApiToken', {
  method: 'PUT',
  path: '/api/v2/monitor/blacklist/token',
  summary: 'Set the token sent to the block APIs as `Authorization: Bearer <Token>`',
  tag: 'block-api',
  access: 'write',
});

export const listBlockApiLogs = endpoint('listBlockApiLogs', {
  method: 'GET',
  path: '/api/v2/monitor/blacklist/logs',
  summary: 'Page through the block-API log: every attempt to call a block API (total in `cnt`)',
  tag: 'block-api',
  access: 'read',
});

export const getLockStatus = endpoint('getLockStatus', {
  method: 'GET',
  path: '/api/v2/monitor/blacklist/lock-status',
  summary:
    'Whether blacklisting locks anyone (block APIs with IsLock on) and, per member, the outcome of the newest lock call to each API',
  tag: 'block-api',
  access: 'read',
});
