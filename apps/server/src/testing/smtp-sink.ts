import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` (with `user:pass@` when the sink requires a login). */
  url: string;
  mails: ReceivedMail[];
  /** Recipients the sink refuses with 550 (a permanent failure). */
  refuse: Set<string>;
  /** Resolves with the first mail (already received or arriving) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, parsed, so tests read the mails the
 * server sent (and `onMail` hears of each: the browser tests hand them to other processes). No TLS;
 * with `login` it requires AUTH PLAIN/LOGIN with those credentials.
 */
export async function startSmtpSink(
  options: { login?: { user: string; pass: string }; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const waiters = new Set<() => void>();
  const { login } = options;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !login,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass) {
        callback(null, { user: auth.username });
        return;
      }
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
          };
          mails.push(mail);
          options.onMail?.(mail);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const auth = login ? `${encodeURIComponent(login.user)}:${encodeURIComponent(login.pass)}@` : '';
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    mails,
    refuse,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching mail within ${timeoutMs} ms (received ${mails.length})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s<>"]+`).exec(mail.text);
  if (!match) throw new Error(`No link starting with ${prefix} in mail "${mail.subject}"`);
  return match[0];
}
