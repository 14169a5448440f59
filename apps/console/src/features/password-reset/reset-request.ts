import { ACCOUNT_MAX_LENGTH, ACCOUNT_MIN_LENGTH, ACCOUNT_PATTERN } from '@pitboss/contract';

const MAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What the reset request sends for what the user typed: an address, an account, or both when the
 * text could be either (accounts may contain `@`). The server validates; the shapes only route it.
 */
export function resetRequestFor(text: string): { Mail?: string; Account?: string } {
  const value = text.trim();
  const request: { Mail?: string; Account?: string } = {};
  if (MAIL_SHAPE.test(value)) request.Mail = value;
  const accountLike =
    ACCOUNT_PATTERN.test(value) && value.length >= ACCOUNT_MIN_LENGTH && value.length <= ACCOUNT_MAX_LENGTH;
  if (accountLike || !request.Mail) request.Account = value;
  return request;
}
