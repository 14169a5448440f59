/** Delivery states of a mail in the mail log. */
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'unsent'] as const;
