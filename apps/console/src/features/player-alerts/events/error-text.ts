import { ALERT_MESSAGE_CODES } from '@pitboss/contract';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api';

/** The user's text for a failed alert call: the alert codes are translated here, others by `callApi`. */
export function alertErrorText(error: unknown, t: TFunction<'player-alerts'>): string {
  if (isApiError(error)) {
    if (error.messageCode === ALERT_MESSAGE_CODES.alreadyProcessed) return t('process.alreadyProcessed');
    if (error.messageCode === ALERT_MESSAGE_CODES.notFound) return t('detail.notFound');
    if (error.messageCode === 'MEMBER_ON_WHITELIST')
      return t('blacklist.onWhitelist', { message: error.serverMessage });
  }
  return error instanceof Error ? error.message : String(error);
}
