import { REGISTRATION_FAILURE_MESSAGES, type RegistrationFailureCode } from '@pitboss/contract';
import { isApiError } from '../../lib/api';

export function isRegistrationFailure(code: string): code is RegistrationFailureCode {
  return Object.hasOwn(REGISTRATION_FAILURE_MESSAGES, code);
}

/**
 * What a failed registration step shows. Spec §5/§8: a failed registration, e-mail verification or
 * register-URL verification shows the fixed Chinese "contact customer service" text, verbatim, in
 * every interface language; anything else (too many attempts, no network) its own message.
 */
export function registrationFailureText(error: unknown): string {
  if (isApiError(error) && isRegistrationFailure(error.messageCode)) {
    return REGISTRATION_FAILURE_MESSAGES[error.messageCode];
  }
  return error instanceof Error ? error.message : String(error);
}
