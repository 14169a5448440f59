import type { RegistrationFailureCode } from '@pitboss/contract';
import { AppError } from '../../lib/errors';

/**
 * A failure the console shows with the spec's fixed "contact customer service" message
 * (`REGISTRATION_FAILURE_MESSAGES[code]`). The English message never says whether an account exists.
 */
function failure(code: RegistrationFailureCode, message: string): AppError {
  return new AppError(400, code, message);
}

export const registrationErrors = {
  urlInvalid: () =>
    failure(
      'REGISTER_URL_INVALID',
      'This registration link is not valid, was already used or has expired; contact customer service',
    ),
  mailUnusable: () =>
    failure('EMAIL_VERIFY_FAILED', 'This mail address cannot be used to register; contact customer service'),
  failed: () => failure('REGISTER_FAILED', 'Registration failed; contact customer service'),
  linkUsed: () =>
    failure(
      'REGISTER_FAILED',
      'Registration failed: the link is not valid, was already used or has expired; contact customer service',
    ),
};
