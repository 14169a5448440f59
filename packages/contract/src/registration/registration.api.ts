import { endpoint } from '../common/endpoint';

/** Registration links and registering with one. Schemas: `registrationIo` in `registration.schemas.ts`. */

export const generateRegisterUrl = endpoint('generateRegisterUrl', {
  method: 'POST',
  path: '/api/v2/auth/generate-register-url',
  summary: 'Make a single-use registration link with role, company and expiry (publisher admins)',
  tag: 'registration',
  access: 'admin',
  priceLevels: ['publisher'],
});

export const checkRegisterUrl = endpoint('checkRegisterUrl', {
  method: 'GET',
  path: '/api/v2/auth/check-register-url',
  summary: 'Check a registration token (sent in Authorization) and describe what it allows',
  tag: 'registration',
  access: 'public',
});

export const checkEmail = endpoint('checkEmail', {
  method: 'GET',
  path: '/api/v2/auth/check-email',
  summary: 'Check that an address can be used for a new account (registration token in Authorization)',
  tag: 'registration',
  access: 'public',
});

export const register = endpoint('register', {
  method: 'POST',
  path: '/api/v2/auth/register',
  summary: 'Register with a registration token: set the password of an invited user, or create/join an account',
  tag: 'registration',
  access: 'public',
});
