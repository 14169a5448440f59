import { endpoint } from '../common/endpoint';

/** The mail log of the working company. Schemas: `mailIo` in `mail.schemas.ts`. */

export const listMailLog = endpoint('listMailLog', {
  method: 'GET',
  path: '/api/v2/system/mail-log',
  summary: "The working company's outgoing mails and their delivery status, newest first",
  tag: 'mail',
  access: 'admin',
});

export const resendMail = endpoint('resendMail', {
  method: 'POST',
  path: '/api/v2/system/mail-log/:ID/resend',
  summary: 'Queue an unsent or failed mail again (after SMTP_URL is set, say)',
  tag: 'mail',
  access: 'admin',
});
