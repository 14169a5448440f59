import { endpoint } from '../common/endpoint';

/** System parameters and the console IP allowlist. Schemas: `settingsIo` in `settings.schemas.ts`. */

export const getSystemSetting = endpoint('getSystemSetting', {
  method: 'GET',
  path: '/api/v2/system/setting',
  summary: "The working company's system parameters",
  tag: 'settings',
  access: 'admin',
});

export const updateSystemSetting = endpoint('updateSystemSetting', {
  method: 'PUT',
  path: '/api/v2/system/setting',
  summary: 'Change the base currency or the time zone',
  tag: 'settings',
  access: 'admin',
});

export const updateIpAllowlist = endpoint('updateIpAllowlist', {
  method: 'PUT',
  path: '/api/v2/system/ip-allowlist',
  summary: 'Replace the console IP allowlist of the working company',
  tag: 'settings',
  access: 'admin',
});

export const ipVerify = endpoint('ipVerify', {
  method: 'POST',
  path: '/api/v2/auth/ip-verify',
  summary:
    "Whether the caller's address may use the console: checked against the allowlist of the token's company (an anonymous caller is checked at login)",
  tag: 'settings',
  access: 'public',
});
