import { endpoint } from '../common/endpoint';

/** Login, the token check, the current user, preferences and the company switch. Schemas: `authIo`. */

export const login = endpoint('login', {
  method: 'POST',
  path: '/api/v2/auth/login',
  summary: 'Log in with account and password; answers a bearer token',
  tag: 'auth',
  access: 'public',
});

export const authCheck = endpoint('authCheck', {
  method: 'POST',
  path: '/api/v2/auth/check',
  summary: 'Check the token and answer role, publisher flag and price level',
  tag: 'auth',
  access: 'authenticated',
});

export const userInfo = endpoint('userInfo', {
  method: 'GET',
  path: '/api/v2/auth/user-info',
  summary: 'The current user (spec §3)',
  tag: 'auth',
  access: 'authenticated',
});

export const updateUserPreference = endpoint('updateUserPreference', {
  method: 'PUT',
  path: '/api/v2/auth/update-user-preference',
  summary: "Save the user's dark mode and language",
  tag: 'auth',
  access: 'authenticated',
});

export const updateCompanyPermission = endpoint('updateCompanyPermission', {
  method: 'POST',
  path: '/api/v2/auth/update-company-permission',
  summary: 'Switch the working company; answers a token scoped to it',
  tag: 'auth',
  access: 'authenticated',
});

export const changePassword = endpoint('changePassword', {
  method: 'POST',
  path: '/api/v2/auth/change-password',
  summary:
    "Change the logged-in user's own password (the current one required); ends every other session and answers a new token",
  tag: 'auth',
  access: 'authenticated',
});
